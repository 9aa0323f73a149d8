// The comparison program of the speed benchmark: a plain C++ solution of Constrained Nim, as a
// contestant would write it. fread and a hand-written number parser; the pairs sorted once; the
// Grundy map as a sorted vector of breakpoints searched with binary search; the duplicate
// counts in a std::map. Nothing clever: the yardstick a fast solution should beat.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <utility>
#include <vector>

typedef unsigned long long u64;

static char buffer[1 << 16];
static size_t length = 0, position = 0;

static int next_byte() {
    if (position == length) {
        length = fread(buffer, 1, sizeof buffer, stdin);
        position = 0;
        if (length == 0) return -1;
    }
    return (unsigned char)buffer[position++];
}

static u64 next_number() {
    int c = next_byte();
    while (c == ' ' || c == '\n' || c == '\r' || c == '\t') c = next_byte();
    u64 value = 0;
    while (c >= '0' && c <= '9') {
        value = value * 10 + (c - '0');
        c = next_byte();
    }
    return value;
}

int main() {
    u64 n = next_number(), m = next_number();
    std::vector<u64> piles(n);
    for (auto &a : piles) a = next_number();
    std::vector<std::pair<u64, u64>> moves(m);  // (X, X - Y)
    for (auto &move : moves) {
        u64 x = next_number(), y = next_number();
        move = {x, x - y};
    }
    std::sort(moves.begin(), moves.end());
    moves.erase(std::unique(moves.begin(), moves.end()), moves.end());

    std::vector<std::pair<u64, u64>> breakpoints = {{0, 0}};  // g(n) = v + n - p from p on
    auto grundy = [&](u64 t) {
        auto it = std::upper_bound(breakpoints.begin(), breakpoints.end(),
                                   std::make_pair(t, ~0ULL)) - 1;
        return it->second + (t - it->first);
    };
    std::map<u64, u64> extra;
    u64 dropped = 0;
    std::vector<u64> values;
    for (size_t i = 0; i < moves.size();) {
        size_t j = i;
        u64 x = moves[i].first;
        values.clear();
        while (j < moves.size() && moves[j].first == x) values.push_back(grundy(moves[j++].second));
        i = j;
        std::sort(values.begin(), values.end());
        for (size_t k = 0; k < values.size();) {
            size_t l = k;
            while (l < values.size() && values[l] == values[k]) ++l;
            auto held = extra.find(values[k]);
            if (l - k == 1 + (held == extra.end() ? 0 : held->second)) {
                u64 w = values[k];
                ++extra[w];
                ++dropped;
                if (breakpoints.back().first == x) breakpoints.pop_back();
                breakpoints.push_back({x, w});
                if (x != ~0ULL) breakpoints.push_back({x + 1, x + 1 - dropped});
                break;
            }
            k = l;
        }
    }
    u64 nim_sum = 0;
    for (u64 a : piles) nim_sum ^= grundy(a);
    puts(nim_sum ? "Takahashi" : "Aoki");
}
