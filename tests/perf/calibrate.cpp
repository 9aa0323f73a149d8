// Calibration of audit's timeout-class mutants: each mode runs one mutant's inner loop as
// a contestant's C++ would, and prints the steps it counted and the CPU seconds they took
// (CPU time: a busy machine's waits for a CPU are no part of it).
//   c++ -O2 -std=c++17 -o calibrate tests/perf/calibrate.cpp
//   ./calibrate quadratic K    one X with K moves, each target's count by a scan of all K
//   ./calibrate scan D Q       Q lookups, each counting D drops below it one by one
//   ./calibrate umap N STEP    N keys (N+1+i)*STEP into unordered_map<long long, ...>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unordered_map>
#include <vector>
using namespace std;
typedef long long ll;
int main(int argc, char** argv) {
    if (argc < 3) return 2;
    ll a = atoll(argv[2]), b = argc > 3 ? atoll(argv[3]) : 0;
    clock_t start = clock();
    unsigned long long steps = 0, sink = 0;
    unsigned long long state = 88172645463325252ULL;
    auto next = [&]() { state ^= state << 7; state ^= state >> 9; return state; };
    if (!strcmp(argv[1], "quadratic")) {
        vector<ll> values(a);
        for (auto& v : values) v = next() % (a / 2 + 1);
        for (ll i = 0; i < a; i++) {
            ll c = 0;
            for (ll j = 0; j < a; j++) c += values[j] == values[i];
            sink += c;
        }
        steps = (unsigned long long)a * a;
    } else if (!strcmp(argv[1], "scan")) {
        vector<ll> drops(a);
        for (ll i = 0; i < a; i++) drops[i] = 3 * i + 1;
        for (ll q = 0; q < b; q++) {
            ll t = next() % (3 * a), below = 0;
            for (ll d : drops) below += d < t;
            sink += below;
        }
        steps = (unsigned long long)a * b;
    } else if (!strcmp(argv[1], "umap")) {
        unordered_map<ll, vector<ll>> targets;
        for (ll i = 0; i < a; i++) targets[(a + 1 + i) * b].push_back(a * b);
        sink = targets.size();
        double secs = double(clock() - start) / CLOCKS_PER_SEC;
        // Counted again, untimed: the nodes of its bucket each insertion walks.
        unordered_map<ll, vector<ll>> again;
        for (ll i = 0; i < a; i++) {
            ll x = (a + 1 + i) * b;
            if (again.bucket_count() > 0) steps += again.bucket_size(again.bucket(x));
            again[x].push_back(a * b);
        }
        printf("%llu steps in %.3f s (%llu)\n", steps, secs, sink);
        return 0;
    }
    double secs = double(clock() - start) / CLOCKS_PER_SEC;
    printf("%llu steps in %.3f s (%llu)\n", steps, secs, sink);
}
