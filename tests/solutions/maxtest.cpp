// Constrained Nim solutions that only a judge's max tests or a hacker's anti-hash game break,
// and right ones that a careless tester would call wrong, for testing the games `hack` makes.
//
//     ./maxtest KIND < game
//
// KIND is one of:
//   sentinel         right: closes the list of drops with a sentinel at 10^18 + 1 and walks the
//                    sorted piles along it, so a pile past 10^18 (which the statement does not
//                    allow) counts the sentinel as a drop, and a pile of 10^18 + 1 is given the
//                    value 0
//   per-x            right, but holds 8 KiB for each distinct X: more than 1 GiB at 2*10^5
//                    distinct X
//   per-move         right, but holds 8 KiB for each forbidden move, read or not: its peak is
//                    linear in M, more than 1 GiB at M = 2*10^5
//   quadratic        right, but drops repeated targets of one X by comparing each with every
//                    one kept: O(k^2) for k moves on one X
//   unordered        right, but the moves grouped by X, the drops' values by position and the
//                    drop counts by Grundy value are in std::unordered_map
//   small-unordered  right: std::unordered_map on small games (M <= 1000), std::map otherwise
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>
using namespace std;
typedef long long ll;

const ll SENTINEL = 1000000000000000001LL;  // 10^18 + 1: past every pile the statement allows

// The nim-sum of the piles' Grundy values, the moves grouped in GROUP, the drops' values in
// VALUES, the counts of drops to each value in COUNTS.
template <class Group, class Values, class Counts>
ll nim_sum(vector<ll> piles, const vector<pair<ll, ll>>& moves, const string& kind) {
    Group by_x;  // X -> its forbidden targets X - Y
    for (auto& [x, y] : moves) by_x[x].push_back(x - y);
    vector<ll> xs;
    for (auto& [x, targets] : by_x) xs.push_back(x);
    sort(xs.begin(), xs.end());
    vector<ll> drops;  // increasing positions whose value is below the line
    Values value_at;   // drop position -> its value
    Counts extra;      // value -> how many drops hold it
    vector<vector<char>> held;
    auto g = [&](ll t) -> ll {
        auto it = value_at.find(t);
        if (it != value_at.end()) return it->second;
        return t - (ll)(lower_bound(drops.begin(), drops.end(), t) - drops.begin());
    };
    for (ll x : xs) {
        vector<ll>& targets = by_x[x];
        if (kind == "per-x") held.emplace_back(8192, 1);
        if (kind == "quadratic") {
            vector<ll> kept;
            for (ll t : targets) {
                bool seen = false;
                for (ll k : kept) seen |= k == t;
                if (!seen) kept.push_back(t);
            }
            targets = kept;
        }
        map<ll, ll> count;  // value -> forbidden targets holding it
        for (ll t : targets) count[g(t)]++;
        ll line = x - (ll)drops.size();
        ll best = -1;
        for (auto& [w, c] : count) {
            if (c == 1 + extra[w]) {
                best = w;
                break;
            }
        }
        if (best >= 0 && best < line) {
            drops.push_back(x);
            value_at[x] = best;
            extra[best]++;
        }
    }
    ll sum = 0;
    if (kind == "sentinel") {
        drops.push_back(SENTINEL);
        sort(piles.begin(), piles.end());
        size_t k = 0;  // drops below the pile
        for (ll a : piles) {
            while (k < drops.size() && drops[k] < a) k++;
            sum ^= drops[k] == a ? value_at[a] : a - (ll)k;
        }
        return sum;
    }
    for (ll a : piles) sum ^= g(a);
    return sum;
}

int main(int argc, char** argv) {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    string kind = argc > 1 ? argv[1] : "sentinel";
    ll n, m;
    cin >> n >> m;
    vector<ll> piles(n);
    for (ll& a : piles) cin >> a;
    vector<pair<ll, ll>> moves(m);
    for (auto& [x, y] : moves) cin >> x >> y;
    vector<char> held;
    if (kind == "per-move") held.assign((size_t)m * 8192, 1);
    bool hashed = kind == "unordered" || (kind == "small-unordered" && m <= 1000);
    ll sum = hashed ? nim_sum<unordered_map<ll, vector<ll>>, unordered_map<ll, ll>,
                              unordered_map<ll, ll>>(piles, moves, kind)
                    : nim_sum<map<ll, vector<ll>>, map<ll, ll>, map<ll, ll>>(piles, moves, kind);
    printf("%s\n", sum ? "Takahashi" : "Aoki");
}
