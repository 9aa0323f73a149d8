// A Constrained Nim solution with one bug chosen by name, for testing `hack`.
//
//     ./nim BUG[,BUG...] [SIZE] < game
//
// BUG is one of (several, joined by commas, each do theirs: `slow,smallest-target`):
//   none      right: the sweep over special points, as src/guarantees.rs explains
//   int32     piles and forbidden moves kept in 32-bit int: values past 2^31 wrap
//   double    piles and forbidden moves read through a double: values past 2^53 round
//   sum32     the nim-sum kept in a 32-bit int: a nim-sum whose low 32 bits are 0 reads as 0
//   array     the piles in a fixed array of SIZE (default 100000): more piles crash
//   slow      right, but each target's value counts the drops below it one by one:
//             O(M * drops), too slow on large games
//   memory    right, but holds SIZE (default 8192) bytes per pile: more than 1 GiB at
//             N = 200000
//   debug     right, but prints a debug line before the answer
//   flood     right, but a debug dump left in writes SIZE bytes of x (default 10^9) before the
//             answer, in blocks of 1 MiB: a wrong answer, written in a fraction of a second
//   deep      right, but the sweep is a recursion, one call per special point: depth 2*10^5
//             on the largest games, tens of MiB of stack (a judge gives 1 GiB)
//   mmap      right, reading its input as fast-input templates do: fstat(0) for the size,
//             mmap(0, ...) of that, digits parsed by hand. It needs standard input to be a
//             file, as the judge gives it: on a pipe fstat says 0 bytes, mmap fails, unchecked
//   fread     right, but reads its input with one fread into a fixed buffer of SIZE bytes
//             (default 4 MiB), as fast-input templates do: a longer input is cut, and the
//             numbers past the cut read as 0
//   null COINS FILE
//             right, but writes through a null pointer (SIGSEGV) on the runs whose coin is
//             1, whatever its stack: run k (counted in FILE) takes coin k of COINS, a string
//             of 0s and 1s, cyclically: a crash that comes and goes as one from uninitialised
//             memory does, in an order a test repeats
//   top       the drops' list closed by a sentinel at 10^18 that the count below a pile takes
//             in: a pile of exactly 10^18 that is no drop gets a value 1 too low (wrong only
//             when that turns the nim-sum to or from 0)
//   smallest-target  a special point drops only to the value of its smallest target
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <fcntl.h>
#include <map>
#include <set>
#include <string>
#include <sys/file.h>
#include <unistd.h>
#include <vector>
#include <sys/mman.h>
#include <sys/stat.h>
using namespace std;
typedef long long ll;

int main(int argc, char** argv) {
    ios::sync_with_stdio(false);
    string bugs = "," + string(argc > 1 ? argv[1] : "none") + ",";
    auto has = [&](const char* name) { return bugs.find("," + string(name) + ",") != string::npos; };
    ll size = argc > 2 ? atoll(argv[2])
                       : (has("memory") ? 8192 : has("flood") ? 1000000000
                          : has("fread") ? 4 << 20 : 100000);
    if (has("null") && argc > 3) {
        // One byte a run, appended under a lock: the file's size is this run's number.
        int counter = open(argv[3], O_RDWR | O_CREAT | O_APPEND, 0644);
        flock(counter, LOCK_EX);
        off_t run = lseek(counter, 0, SEEK_END);
        if (write(counter, "x", 1) != 1) return 2;
        close(counter);
        string coins = argv[2];
        if (!coins.empty() && coins[run % coins.size()] == '1') {
            volatile int* nowhere = nullptr;
            *nowhere = 1;
        }
    }
    const char* mapped = nullptr;
    if (has("mmap")) {
        struct stat st;
        fstat(0, &st);
        // Unchecked, as in the templates: MAP_FAILED faults at the first number.
        mapped = (const char*)mmap(nullptr, st.st_size, PROT_READ, MAP_PRIVATE, 0, 0);
    }
    const char* end = nullptr;
    if (has("fread")) {
        // One read, never checked for more: the rest of a longer input is never seen.
        static vector<char> buffer;
        buffer.assign(size + 1, 0);
        size_t got = fread(buffer.data(), 1, size, stdin);
        mapped = buffer.data();
        end = mapped + got;
    }
    auto number = [&]() -> ll {
        ll v = 0;
        if (!mapped) {
            cin >> v;
            return v;
        }
        if (end) {
            while (mapped < end && *mapped < '0') mapped++;
            while (mapped < end && *mapped >= '0') v = v * 10 + (*mapped++ - '0');
            return v;
        }
        while (*mapped < '0') mapped++;
        while (*mapped >= '0') v = v * 10 + (*mapped++ - '0');
        return v;
    };
    ll n = number(), m = number();
    vector<ll> piles;
    vector<ll> fixed;
    if (has("array")) fixed.resize(size);
    for (ll i = 0; i < n; i++) {
        ll a = number();
        if (has("int32")) {
            int narrow = (int)a;
            a = narrow;
        }
        if (has("double")) a = (ll)(double)a;
        if (has("array")) fixed.at(i) = a;  // past SIZE: std::out_of_range, an abort
        piles.push_back(a);
    }
    vector<char> held;
    if (has("memory")) {
        held.resize((size_t)n * (size_t)size);
        memset(held.data(), 1, held.size());
    }
    map<ll, set<ll>> targets;
    for (ll i = 0; i < m; i++) {
        ll x = number(), y = number();
        if (has("int32")) {
            int nx = (int)x, ny = (int)y;
            x = nx;
            y = ny;
        }
        if (has("double")) {
            x = (ll)(double)x;
            y = (ll)(double)y;
            if (y > x) y = x;
        }
        targets[x].insert(x - y);
    }
    vector<ll> drops;        // increasing positions whose value is below the line
    map<ll, ll> value_at;    // drop position -> its value
    map<ll, ll> extra;       // value -> how many drops hold it
    auto g = [&](ll t) -> ll {
        auto it = value_at.find(t);
        if (it != value_at.end()) return it->second;
        ll below;
        if (has("slow")) {
            below = 0;
            for (ll d : drops) below += d < t;
        } else {
            // With the sentinel, upper_bound counts it at 10^18 (lower_bound would not).
            below = has("top") ? upper_bound(drops.begin(), drops.end(), t) - drops.begin()
                               : lower_bound(drops.begin(), drops.end(), t) - drops.begin();
        }
        return t - below;
    };
    auto visit = [&](ll x, const set<ll>& ts) {
        map<ll, ll> count;
        for (ll t : ts) count[g(t)]++;
        ll line = x - (ll)drops.size();
        ll best = -1;
        for (auto& [w, c] : count) {
            if (c == 1 + extra[w]) {
                best = w;
                break;
            }
        }
        if (has("smallest-target")) {
            ll w = g(*ts.begin());
            best = count[w] == 1 + extra[w] ? w : -1;
        }
        if (best >= 0 && best < line) {
            drops.push_back(x);
            value_at[x] = best;
            extra[best]++;
        }
    };
    if (has("deep")) {
        // Not a tail call: the volatile read after it keeps every frame on the stack.
        auto sweep = [&](auto&& self, map<ll, set<ll>>::iterator it) -> void {
            if (it == targets.end()) return;
            volatile ll frame[16];  // a few locals per call, as a real recursion has
            frame[0] = it->first;
            visit(it->first, it->second);
            self(self, next(it));
            if (frame[0] < 0) abort();
        };
        sweep(sweep, targets.begin());
    } else {
        for (auto& [x, ts] : targets) visit(x, ts);
    }
    if (has("top")) drops.push_back(1000000000000000000LL);  // 10^18: ends every walk up the list
    ll nim_sum = 0;
    int narrow_sum = 0;
    for (ll a : piles) {
        nim_sum ^= g(a);
        narrow_sum ^= (int)g(a);
    }
    if (has("sum32")) nim_sum = narrow_sum;
    if (has("debug")) printf("n=%lld m=%lld\n", n, m);
    if (has("flood")) {
        static char block[1 << 20];
        memset(block, 'x', sizeof block);
        for (ll left = size; left > 0; left -= sizeof block) {
            fwrite(block, 1, min<ll>(left, sizeof block), stdout);
        }
        printf("\n");
    }
    printf("%s\n", nim_sum ? "Takahashi" : "Aoki");
    return held.empty() ? 0 : held[0] - 1;
}
