// The page of `constrained-nim page`: the game solved in the browser by the sweep of
// src/main.rs (ported: values are BigInt, exact up to 2^64 - 1), drawn, explained in the words
// of `why` (embedded from src/cli/why.rs), played and edited. No request leaves the page.
"use strict";
(function () {
  const CONFIG = JSON.parse(document.getElementById("words").textContent);
  const WORDS = CONFIG.words;
  const TOP = (1n << 64n) - 1n;
  const $ = (id) => document.getElementById(id);

  // ---------------------------------------------------------------------------------------
  // Words: why's templates, filled as src/cli/why.rs fills them
  // ---------------------------------------------------------------------------------------

  /** The template `key` with its `{name}`s filled from `args`; any other brace stays. */
  function say(key, args = {}) {
    return WORDS[key].replace(/\{(\w*)\}/g, (whole, name) =>
      Object.prototype.hasOwnProperty.call(args, name) ? String(args[name]) : whole);
  }

  function plural(n, word) {
    return `${n} ${word}${String(n) === "1" ? "" : "s"}`;
  }

  // ---------------------------------------------------------------------------------------
  // The game: read from the input's layout, solved by the sweep
  // ---------------------------------------------------------------------------------------

  // A value below 2^64 lives in two Numbers, its high and low 32 bits (h, l): exact, and
  // compared and added without BigInt, whose every operation allocates. BigInt (`big`) is made
  // only for what is shown or asked.
  const W32 = 4294967296;
  const hi32 = (v) => Number(v >> 32n);
  const lo32 = (v) => Number(v & 0xffffffffn);
  const big = (h, l) => (BigInt(h) << 32n) | BigInt(l);
  const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  /** A Map key for (h, l): a Number where that is exact, else a string. */
  const key = (h, l) => (h < 2097152 ? h * W32 + l : `${h}:${l}`);

  /**
   * A game in the input's layout: `N M`, the piles, then `X Y` for each forbidden move. Read
   * a character at a time into halves: a game of contest size is read in a blink.
   */
  function parseGame(text) {
    const hs = [], ls = [], starts = [];
    const length = text.length;
    for (let i = 0; i < length;) {
      const c = text.charCodeAt(i);
      if (c === 32 || (c >= 9 && c <= 13)) { i++; continue; }
      let h = 0, l = 0, bad = false, large = false;
      const start = i;
      // Digits gather in chunks of up to 6 (below 10^6, so l·10^6 stays exact), each then
      // shifted into (h, l).
      let chunk = 0, scale = 1;
      const shift = () => {
        l = l * scale + chunk;
        const carry = Math.floor(l / W32);
        l -= carry * W32;
        h = h * scale + carry;
        if (h >= W32) { large = true; h = 0; l = 0; }
        chunk = 0;
        scale = 1;
      };
      for (; i < length; i++) {
        const d = text.charCodeAt(i);
        if (d === 32 || (d >= 9 && d <= 13)) break;
        if (d < 48 || d > 57) { bad = true; continue; }
        chunk = chunk * 10 + (d - 48);
        scale *= 10;
        if (scale === 1000000) shift();
      }
      if (scale > 1) shift();
      starts.push(bad ? -start - 1 : large ? -(length + start) - 1 : start);
      hs.push(h);
      ls.push(l);
    }
    let at = 0;
    // A token's start, or where a token that is no number (or too large) starts, coded below 0.
    const token = (code) => {
      const from = code >= 0 ? code : (-code - 1) % length;
      return text.slice(from, from + 64).split(/[ \t\n\v\f\r]/, 1)[0].slice(0, 40);
    };
    const number = (what) => {
      if (at >= hs.length) throw new Error(`the game ended before ${what}`);
      const code = starts[at];
      if (code < 0) {
        if (-code - 1 >= length) throw new Error(`${what}: ${token(code)} does not fit in 64 bits`);
        throw new Error(`${what}: expected a non-negative integer, found "${token(code)}"`);
      }
      at++;
      return [hs[at - 1], ls[at - 1]];
    };
    const [nh, nl] = number("N");
    const [mh, ml] = number("M");
    if (nh > 0 || mh > 0 || nl > 1000000 || ml > 1000000) {
      throw new Error("the page holds at most 10^6 piles and 10^6 forbidden moves");
    }
    const game = {
      ph: new Float64Array(nl), pl: new Float64Array(nl),
      xh: new Float64Array(ml), xl: new Float64Array(ml),
      yh: new Float64Array(ml), yl: new Float64Array(ml),
    };
    for (let i = 0; i < nl; i++) [game.ph[i], game.pl[i]] = number(`pile ${i + 1}`);
    for (let i = 0; i < ml; i++) {
      const [xh, xl] = number(`forbidden move ${i + 1}: X`);
      const [yh, yl] = number(`forbidden move ${i + 1}: Y`);
      if ((yh === 0 && yl === 0) || yh > xh || (yh === xh && yl > xl)) {
        throw new Error(`forbidden move ${i + 1}: Y = ${big(yh, yl)} must be from 1 to X = ${big(xh, xl)}`);
      }
      game.xh[i] = xh; game.xl[i] = xl; game.yh[i] = yh; game.yl[i] = yl;
    }
    if (at < hs.length) throw new Error(`"${token(starts[at])}" after the last forbidden move`);
    return game;
  }

  /** The game as the tool embeds it: N, M, the piles, then X and Y of each move, each number
   * 8 bytes big-endian, in base64 (src/cli/page/mod.rs). */
  function readRecords(text) {
    const binary = atob(text.trim());
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    const view = new DataView(bytes.buffer);
    const half = (i) => view.getUint32(4 * i);
    const n = half(1), m = half(3);
    const game = {
      ph: new Float64Array(n), pl: new Float64Array(n),
      xh: new Float64Array(m), xl: new Float64Array(m),
      yh: new Float64Array(m), yl: new Float64Array(m),
    };
    let at = 4;
    for (let i = 0; i < n; i++) { game.ph[i] = half(at++); game.pl[i] = half(at++); }
    for (let i = 0; i < m; i++) {
      game.xh[i] = half(at++); game.xl[i] = half(at++);
      game.yh[i] = half(at++); game.yl[i] = half(at++);
    }
    return game;
  }

  const pileOf = (game, i) => big(game.ph[i], game.pl[i]);
  const moveOf = (game, i) => [big(game.xh[i], game.xl[i]), big(game.yh[i], game.yl[i])];

  function gameText(game) {
    const n = game.ph.length, m = game.xh.length;
    const piles = [];
    for (let i = 0; i < n; i++) piles.push(pileOf(game, i));
    const lines = [`${n} ${m}`, piles.join(" ")];
    for (let i = 0; i < m; i++) lines.push(moveOf(game, i).join(" "));
    return lines.join("\n") + "\n";
  }

  /** The game with its typed arrays changed by `change(arrays)`, each a plain array there. */
  function changed(game, change) {
    const names = ["ph", "pl", "xh", "xl", "yh", "yl"];
    const plain = {};
    for (const name of names) plain[name] = Array.from(game[name]);
    change(plain);
    const next = {};
    for (const name of names) next[name] = Float64Array.from(plain[name]);
    return next;
  }

  /**
   * The indices 0..n in increasing order of the keys, each key a list of 32-bit halves (most
   * significant first): a stable radix sort on 16-bit digits, skipping the digits every key
   * shares. O(n) a digit, where a comparison sort of BigInts or of pairs took seconds.
   */
  function radixOrder(n, keys) {
    let order = new Uint32Array(n), other = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    const counts = new Uint32Array(65537);
    const digits = new Uint16Array(n);
    for (let k = keys.length - 1; k >= 0; k--) {
      const key = keys[k];
      for (const high of [false, true]) {
        // (x & 65535) takes x modulo 2^32 first: its low 16 bits are x's.
        if (high) for (let i = 0; i < n; i++) digits[i] = key[i] / 65536;
        else for (let i = 0; i < n; i++) digits[i] = key[i] & 65535;
        counts.fill(0);
        for (let i = 0; i < n; i++) counts[digits[i] + 1]++;
        if (n === 0 || counts[digits[0] + 1] === n) continue;
        for (let d = 0; d < 65536; d++) counts[d + 1] += counts[d];
        for (let j = 0; j < n; j++) {
          const i = order[j];
          other[counts[digits[i]]++] = i;
        }
        [order, other] = [other, order];
      }
    }
    return order;
  }

  /** Counts kept by value (h, l): open addressing in typed arrays, room for `most` values. */
  function countsTable(most) {
    let size = 16, bits = 4;
    while (size < 2 * most + 16) { size *= 2; bits++; }
    const mask = size - 1;
    const keyH = new Float64Array(size).fill(-1), keyL = new Float64Array(size);
    const count = new Int32Array(size);
    const slot = (h, l) => {
      // The top bits of a multiplicative hash: they depend on every bit of h and l.
      let i = Math.imul(l ^ Math.imul(h, 0x85ebca6b), 0x9e3779b1) >>> (32 - bits);
      while (keyH[i] !== -1 && (keyH[i] !== h || keyL[i] !== l)) i = (i + 1) & mask;
      return i;
    };
    return {
      get: (h, l) => { const i = slot(h, l); return keyH[i] === -1 ? 0 : count[i]; },
      add: (h, l) => { const i = slot(h, l); keyH[i] = h; keyL[i] = l; count[i]++; },
    };
  }

  /** The index of the last breakpoint at or below the position (h, l) split in 32-bit halves. */
  function lastAtOrBelow(ph, pl, length, h, l) {
    let a = 0;
    let b = length;
    while (a < b) {
      const mid = (a + b) >> 1;
      if (ph[mid] < h || (ph[mid] === h && pl[mid] <= l)) a = mid + 1;
      else b = mid;
    }
    return a - 1;
  }

  /**
   * The sweep of src/main.rs: the special points in increasing order; g rises by 1 a position
   * and, at a special point x, drops to the smallest value w held by its forbidden targets whose
   * holders below x (1 on the rising line, 1 + extra[w] in all) are all targets. The map of
   * breakpoints comes out as the tool's: `0 -> 0` first, none that merely continues the line.
   */
  function solve(game) {
    const m = game.xh.length;
    const { xh, xl } = game;
    // The forbidden targets X - Y.
    const th = new Float64Array(m), tl = new Float64Array(m);
    for (let i = 0; i < m; i++) {
      let l = xl[i] - game.yl[i], h = xh[i] - game.yh[i];
      if (l < 0) { l += W32; h -= 1; }
      th[i] = h; tl[i] = l;
    }
    const order = radixOrder(m, [xh, xl, th, tl]);
    // The special points, each with its distinct targets (increasing) from starts[s].
    const sh = new Float64Array(m), sl = new Float64Array(m), starts = new Int32Array(m + 1);
    const gh = new Float64Array(m), gl = new Float64Array(m);
    let specials = 0, targets = 0;
    for (let k = 0; k < m; k++) {
      const i = order[k];
      if (specials > 0 && sh[specials - 1] === xh[i] && sl[specials - 1] === xl[i]) {
        if (gh[targets - 1] === th[i] && gl[targets - 1] === tl[i]) continue; // listed twice: it counts once
      } else {
        sh[specials] = xh[i]; sl[specials] = xl[i];
        starts[specials++] = targets;
      }
      gh[targets] = th[i]; gl[targets++] = tl[i];
    }
    starts[specials] = targets;
    // The breakpoints: at most two a drop, and 0 -> 0.
    const most = 2 * specials + 1;
    const Ph = new Float64Array(most), Pl = new Float64Array(most);
    const Vh = new Float64Array(most), Vl = new Float64Array(most);
    let size = 1;
    const push = (ph, pl, vh, vl) => {
      if (Ph[size - 1] === ph && Pl[size - 1] === pl) size--;
      const k = size - 1;
      let dl = pl - Pl[k], dh = ph - Ph[k];
      if (dl < 0) { dl += W32; dh -= 1; }
      let el = Vl[k] + dl, eh = Vh[k] + dh;
      if (el >= W32) { el -= W32; eh += 1; }
      if (eh !== vh || el !== vl) { Ph[size] = ph; Pl[size] = pl; Vh[size] = vh; Vl[size++] = vl; }
    };
    // Every target by position: the sweep passes each before its special point and reads its
    // value off the line's last breakpoints, with no search (as src/main.rs does).
    const asked = radixOrder(targets, [gh.subarray(0, targets), gl.subarray(0, targets)]);
    const valueH = new Float64Array(targets), valueL = new Float64Array(targets);
    let next = 0;
    const extra = countsTable(specials);
    const drops = new Uint8Array(specials);
    const dxh = new Float64Array(specials), dxl = new Float64Array(specials);
    const dwh = new Float64Array(specials), dwl = new Float64Array(specials);
    let dropped = 0;
    let byValue = new Int32Array(16);
    for (let s = 0; s < specials; s++) {
      const atH = sh[s], atL = sl[s];
      while (next < targets && (gh[asked[next]] < atH || (gh[asked[next]] === atH && gl[asked[next]] < atL))) {
        const j = asked[next++];
        // The targets left lie at or past the previous special point: the last breakpoint or
        // the one or two before it hold them.
        let k = size - 1;
        while (Ph[k] > gh[j] || (Ph[k] === gh[j] && Pl[k] > gl[j])) k--;
        let dl = gl[j] - Pl[k], dh = gh[j] - Ph[k];
        if (dl < 0) { dl += W32; dh -= 1; }
        let vl = Vl[k] + dl, vh = Vh[k] + dh;
        if (vl >= W32) { vl -= W32; vh += 1; }
        valueH[j] = vh; valueL[j] = vl;
      }
      // The targets' values in increasing order (insertion sort: most groups are one move).
      const first = starts[s], count = starts[s + 1] - first;
      if (byValue.length < count) byValue = new Int32Array(2 * count);
      for (let a = 0; a < count; a++) {
        const j = first + a;
        let b = a;
        while (b > 0 && (valueH[byValue[b - 1]] > valueH[j] || (valueH[byValue[b - 1]] === valueH[j] && valueL[byValue[b - 1]] > valueL[j]))) {
          byValue[b] = byValue[b - 1];
          b--;
        }
        byValue[b] = j;
      }
      let dropH = -1, dropL = -1;
      for (let a = 0; a < count && dropH < 0;) {
        const h = valueH[byValue[a]], l = valueL[byValue[a]];
        let b = a + 1;
        while (b < count && valueH[byValue[b]] === h && valueL[byValue[b]] === l) b++;
        if (extra.get(h, l) + 1 === b - a) { dropH = h; dropL = l; }
        a = b;
      }
      if (dropH >= 0) {
        extra.add(dropH, dropL);
        drops[s] = 1;
        dxh[dropped] = atH; dxl[dropped] = atL; dwh[dropped] = dropH; dwl[dropped] = dropL;
        dropped += 1;
        push(atH, atL, dropH, dropL);
        // The line restarts at H: one value fewer than positions for every drop.
        if (atH !== W32 - 1 || atL !== W32 - 1) {
          let al = atL + 1, ah = atH;
          if (al === W32) { al = 0; ah += 1; }
          let vl = al - dropped, vh = ah;
          while (vl < 0) { vl += W32; vh -= 1; }
          push(ah, al, vh, vl);
        }
      }
    }
    const S = {
      game,
      Ph: Ph.slice(0, size), Pl: Pl.slice(0, size), Vh: Vh.slice(0, size), Vl: Vl.slice(0, size),
      specialH: sh.slice(0, specials), specialL: sl.slice(0, specials), starts: starts.slice(0, specials + 1),
      targetH: gh.slice(0, targets), targetL: gl.slice(0, targets), drops,
      dropH: dxh.slice(0, dropped), dropL: dxl.slice(0, dropped),
      dropWH: dwh.slice(0, dropped), dropWL: dwl.slice(0, dropped),
    };
    const n = game.ph.length;
    const valuesH = new Float64Array(n), valuesL = new Float64Array(n);
    const pileH = new Float64Array(n), pileL = new Float64Array(n);
    let sumH = 0, sumL = 0;
    // The piles by size, walked beside the breakpoints.
    const pileOrder = radixOrder(n, [game.ph, game.pl]);
    for (let j = 0, k = 0; j < n; j++) {
      const i = pileOrder[j];
      const h = game.ph[i], l = game.pl[i];
      pileH[j] = h; pileL[j] = l;
      while (k + 1 < size && (Ph[k + 1] < h || (Ph[k + 1] === h && Pl[k + 1] <= l))) k++;
      let dl = l - Pl[k], dh = h - Ph[k];
      if (dl < 0) { dl += W32; dh -= 1; }
      let vl = Vl[k] + dl, vh = Vh[k] + dh;
      if (vl >= W32) { vl -= W32; vh += 1; }
      valuesH[i] = vh; valuesL[i] = vl;
      sumH = (sumH ^ vh) >>> 0; sumL = (sumL ^ vl) >>> 0;
    }
    Object.assign(S, { valueH: valuesH, valueL: valuesL, pileOrder, pileH, pileL, nimSum: big(sumH, sumL) });
    return S;
  }

  function breakpointIndex(S, n) {
    return lastAtOrBelow(S.Ph, S.Pl, S.Ph.length, hi32(n), lo32(n));
  }

  const positionAtIndex = (S, k) => big(S.Ph[k], S.Pl[k]);
  const valueAtIndex = (S, k) => big(S.Vh[k], S.Vl[k]);

  /** g(n). */
  function grundy(S, n) {
    const k = breakpointIndex(S, n);
    return valueAtIndex(S, k) + (n - positionAtIndex(S, k));
  }

  /** How many of the sorted positions (split in halves) lie below n. */
  function countBelow(h, l, n) {
    return lastAtOrBelow(h, l, h.length, hi32(n), lo32(n) - 1) + 1;
  }

  /** The special point n's index, or -1. */
  function specialIndex(S, n) {
    const h = hi32(n), l = lo32(n);
    const k = lastAtOrBelow(S.specialH, S.specialL, S.specialH.length, h, l);
    return k >= 0 && S.specialH[k] === h && S.specialL[k] === l ? k : -1;
  }

  function forbiddenCount(S, n) {
    const s = specialIndex(S, n);
    return s < 0 ? 0 : S.starts[s + 1] - S.starts[s];
  }

  function forbiddenTargets(S, n) {
    const s = specialIndex(S, n);
    const found = [];
    if (s >= 0) for (let j = S.starts[s]; j < S.starts[s + 1]; j++) found.push(big(S.targetH[j], S.targetL[j]));
    return found;
  }

  // ---------------------------------------------------------------------------------------
  // Why: the facts of src/cli/why.rs, said in its words
  // ---------------------------------------------------------------------------------------

  function whyFacts(S, n) {
    const targets = forbiddenTargets(S, n);
    const byValue = targets.map((t) => [grundy(S, t), t]);
    byValue.sort((a, b) => compare(a[0], b[0]) || compare(a[1], b[1]));
    // Below n, each value below H(n) is held once on the rising line and once by each drop to
    // it: the sweep's 1 + extra[w].
    const dropsBelow = countBelow(S.dropH, S.dropL, n);
    const held = [];
    if (byValue.length) {
      const wanted = new Map();
      for (const [w] of byValue) wanted.set(key(hi32(w), lo32(w)), 1n);
      for (let i = 0; i < dropsBelow; i++) {
        const w = key(S.dropWH[i], S.dropWL[i]);
        const count = wanted.get(w);
        if (count !== undefined) wanted.set(w, count + 1n);
      }
      for (let a = 0; a < byValue.length;) {
        let b = a;
        const blocked = [];
        while (b < byValue.length && byValue[b][0] === byValue[a][0]) blocked.push(byValue[b++][1]);
        const value = byValue[a][0];
        held.push({ value, holders: wanted.get(key(hi32(value), lo32(value))), blocked });
        a = b;
      }
    }
    const k = breakpointIndex(S, n);
    const piles = [];
    const h = hi32(n), l = lo32(n);
    for (let i = 0; i < S.game.ph.length; i++) if (S.game.ph[i] === h && S.game.pl[i] === l) piles.push(i);
    return {
      n,
      value: grundy(S, n),
      rising: n - BigInt(dropsBelow),
      breakpoint: [positionAtIndex(S, k), valueAtIndex(S, k)],
      targets,
      held,
      piles,
    };
  }

  const unreachable = (h) => BigInt(h.blocked.length) === h.holders;

  function positions(list) {
    const shown = Math.min(list.length, CONFIG.shownPositions);
    const text = list.slice(0, shown).join(", ");
    if (list.length > shown) {
      return say("positions_more", { shown: text, more: list.length - shown, last: list[list.length - 1] });
    }
    return text;
  }

  function below(rising) {
    return rising === 1n ? say("range_one") : say("range", { top: rising - 1n });
  }

  function pilesLine(piles, n) {
    if (!piles.length) return null;
    const stones = plural(n, "stone");
    if (piles.length === 1) return say("pile", { pile: piles[0] + 1, stones });
    const shown = Math.min(piles.length, CONFIG.shownPositions + 1);
    const names = piles.slice(0, shown).map((p) => String(p + 1));
    const listed = piles.length > shown
      ? say("listed_more", { names: names.join(", "), more: piles.length - shown })
      : say("listed", { names: names.slice(0, -1).join(", "), last: names[names.length - 1] });
    return say("piles", { listed, stones });
  }

  function valueLine(lines, n, h) {
    const w = h.value;
    const extra = h.holders - 1n;
    const holders = extra === 0n
      ? say("holders_one", { n, w })
      : say("holders", { holders: h.holders, n, drops: plural(extra, "drop"), w, extra });
    const blocked = BigInt(h.blocked.length);
    const verdict = unreachable(h)
      ? say("out_of_reach")
      : say("still_reachable", { count: h.holders - blocked });
    lines.push(say("value_line", { w, holders, blocked, positions: positions(h.blocked), verdict }));
  }

  function summary(lines, hidden) {
    if (!hidden.length) return;
    const out = hidden.filter(unreachable).length;
    if (hidden.length === 1) {
      const reach = say(unreachable(hidden[0]) ? "out_of_reach" : "reachable");
      lines.push(say("hidden_one", { w: hidden[0].value, reach }));
      return;
    }
    lines.push(say("hidden", {
      count: plural(hidden.length, "more value"),
      first: hidden[0].value,
      last: hidden[hidden.length - 1].value,
      out,
      reachable: hidden.length - out,
    }));
  }

  /** The report of `why N`, line for line. */
  function whyText(facts) {
    const { n, value, rising } = facts;
    const lines = [say("value", { n, value })];
    const piles = pilesLine(facts.piles, n);
    if (piles) lines.push(piles);
    const [p, v] = facts.breakpoint;
    const line = p !== n ? say("line", { p, n, v, d: n - p }) : null;
    const end = () => lines.join("\n") + "\n";
    if (!facts.targets.length) {
      if (n === 0n) {
        lines.push(say("empty"));
        return end();
      }
      lines.push(say("plain", { n, below: below(rising), value }));
      if (line) lines.push(line);
      return end();
    }
    const count = facts.targets.length;
    lines.push(say(count === 1 ? "special_one" : "special", { n, count, targets: positions(facts.targets) }));
    lines.push(say(rising === 1n ? "below_one" : "below", { n, below: below(rising), rising }));
    let hidden = [];
    facts.held.forEach((h, i) => {
      if (i < CONFIG.shownValues || h.value === value) {
        summary(lines, hidden);
        hidden = [];
        valueLine(lines, n, h);
      } else {
        hidden.push(h);
      }
    });
    summary(lines, hidden);
    const out = facts.held.filter(unreachable).map((h) => h.value);
    if (!out.length) lines.push(say("no_drop", { n, rising }));
    else lines.push(say("drop", { values: positions(out), n, smallest: out[0], rising }));
    if (line) lines.push(line);
    return end();
  }

  // ---------------------------------------------------------------------------------------
  // Moves: the winning one (src/cli/game.rs), the slowest loss (src/cli/board.rs)
  // ---------------------------------------------------------------------------------------

  /** Every position below `limit` holding `value`, increasing: one a segment at most. */
  function positionsOf(S, value, limit) {
    const found = [];
    const wh = hi32(value), wl = lo32(value), Lh = hi32(limit), Ll = lo32(limit);
    const { Ph, Pl, Vh, Vl } = S;
    for (let k = 0; k < Ph.length && (Ph[k] < Lh || (Ph[k] === Lh && Pl[k] < Ll)); k++) {
      // The segment [P[k], end) holds V[k], V[k] + 1, ..., each once.
      if (Vh[k] > wh || (Vh[k] === wh && Vl[k] > wl)) continue;
      let eh = Lh, el = Ll;
      if (k + 1 < Ph.length && (Ph[k + 1] < Lh || (Ph[k + 1] === Lh && Pl[k + 1] < Ll))) { eh = Ph[k + 1]; el = Pl[k + 1]; }
      let nl = el - Pl[k], nh = eh - Ph[k];
      if (nl < 0) { nl += W32; nh -= 1; }
      let dl = wl - Vl[k], dh = wh - Vh[k];
      if (dl < 0) { dl += W32; dh -= 1; }
      if (dh < nh || (dh === nh && dl < nl)) found.push(positionAtIndex(S, k) + big(dh, dl));
    }
    return found;
  }

  function bitLength(v) {
    return v === 0n ? 0 : v.toString(2).length;
  }

  function nimSumOf(values) {
    return values.reduce((s, v) => s ^ v, 0n);
  }

  /**
   * A move to nim-sum 0 as [pile, take], the fewest stones from the first pile that can, on
   * `count` piles of `pileAt(i)` stones and value `valueAt(i)` whose nim-sum is `sum`.
   */
  function winningMove(S, count, pileAt, valueAt, sum) {
    if (sum === 0n) return null;
    const top = BigInt(bitLength(sum) - 1);
    let pile = 0;
    while (pile < count && ((valueAt(pile) >> top) & 1n) !== 1n) pile++;
    const stones = pileAt(pile);
    const wanted = valueAt(pile) ^ sum;
    const forbidden = new Set(forbiddenTargets(S, stones));
    const holders = positionsOf(S, wanted, stones);
    for (let i = holders.length - 1; i >= 0; i--) {
      if (!forbidden.has(holders[i])) return [pile, stones - holders[i]];
    }
    throw new Error("mex: a value below g(A) is reachable from A");
  }

  function canMove(S, stones) {
    return BigInt(forbiddenCount(S, stones)) < stones;
  }

  /** From a lost position: the fewest stones allowed from the largest pile that has a move. */
  function anyMove(S, piles) {
    let best = -1;
    piles.forEach((stones, i) => {
      if ((best < 0 || piles[best] < stones) && canMove(S, stones)) best = i;
    });
    if (best < 0) return null;
    const stones = piles[best];
    const forbidden = new Set(forbiddenTargets(S, stones));
    let take = 1n;
    while (forbidden.has(stones - take)) take += 1n;
    return [best, take];
  }

  /** Why taking `take` from pile `pile` (1-based) is not a move, as the tool says it. */
  function illegal(S, piles, pile, take) {
    const n = piles.length;
    if (pile < 1n || pile > BigInt(n)) return `there is no pile ${pile} (the piles are 1 to ${n})`;
    const stones = piles[Number(pile) - 1];
    if (take === 0n) return "a move takes at least one stone";
    if (take > stones) return `pile ${pile} has ${plural(stones, "stone")}; taking ${take} is not a move`;
    if (forbiddenTargets(S, stones).includes(stones - take)) {
      return `from ${plural(stones, "stone")}, taking ${take} is forbidden`;
    }
    return null;
  }

  function binary(v, width) {
    return v.toString(2).padStart(width, "0");
  }

  /** Why the move [pile, take] wins: the nim-sum's top bit, in binary (play's hint). */
  function whyItWins(sum, value, pile) {
    const wanted = value ^ sum;
    const width = Math.max(bitLength(value | sum), 1);
    const top = bitLength(sum) - 1;
    return `the nim-sum is ${binary(sum, width)} in binary; pile ${pile + 1}'s value ` +
      `${binary(value, width)} has the nim-sum's top bit (2^${top}) set, so ` +
      `${binary(value, width)} xor ${binary(sum, width)} = ${binary(wanted, width)} is smaller, ` +
      "and a move there leaves nim-sum 0.";
  }

  // ---------------------------------------------------------------------------------------
  // The state: the game, solved; the view; the play
  // ---------------------------------------------------------------------------------------

  let S = null;
  const view = { lo: 0n, span: 32n, cursor: 0n };
  const play = { piles: [], values: [], over: true, computerFirst: false };
  const timing = { started: performance.now(), firstDrawn: null, lastDrawMs: null, solveMs: null, draws: 0, phases: {} };

  function useGame(game, { share = true, message = "" } = {}) {
    let started = performance.now();
    const phase = (name) => { const now = performance.now(); timing.phases[name] = now - started; started = now; };
    S = solve(game);
    timing.solveMs = performance.now() - started;
    phase("solve");
    fitView();
    renderVerdict();
    phase("verdict");
    renderLists();
    const small = game.ph.length + game.xh.length <= LINK_MOST_ITEMS;
    $("game-text").value = small ? gameText(game) : "";
    if (share) shareGame(game);
    startPlay(game.ph.length <= PLAY_MOST ? Array.from(game.ph, (h, i) => pileOf(game, i)) : null);
    phase("lists and play");
    draw();
    phase("draw");
    if (message) $("edit-message").textContent = message;
  }

  /** The most piles and forbidden moves together that the address carries (and the text shows). */
  const LINK_MOST_ITEMS = 20000;
  /** The most piles the board plays. */
  const PLAY_MOST = 1000;

  /** The game in the page's address: #piles=5,9,14&forbidden=3-3,8-8 */
  function shareGame(game) {
    if (game.ph.length + game.xh.length > LINK_MOST_ITEMS) {
      $("edit-message").textContent = `This game has more than ${LINK_MOST_ITEMS} piles and forbidden moves: the page's address does not carry it.`;
      return;
    }
    const piles = Array.from(game.ph, (h, i) => pileOf(game, i));
    const moves = Array.from(game.xh, (h, i) => moveOf(game, i).join("-"));
    const hash = `#piles=${piles.join(",")}&forbidden=${moves.join(",")}`;
    try {
      history.replaceState(null, "", hash);
    } catch (e) {
      location.hash = hash;
    }
  }

  function gameFromAddress() {
    const hash = location.hash.replace(/^#/, "");
    if (!hash.startsWith("piles=")) return null;
    const parts = new URLSearchParams(hash);
    const list = (name) => (parts.get(name) || "").split(",").filter((s) => s !== "");
    const piles = list("piles");
    const moves = list("forbidden").map((m) => m.split("-"));
    if (moves.some((m) => m.length !== 2)) throw new Error("the address's forbidden moves are not X-Y pairs");
    const text = `${piles.length} ${moves.length}\n${piles.join(" ")}\n${moves.map((m) => m.join(" ")).join("\n")}`;
    return parseGame(text);
  }

  // ---------------------------------------------------------------------------------------
  // The verdict
  // ---------------------------------------------------------------------------------------

  function moveWords(pile, take, stones, before, after) {
    return `take ${take} from pile ${pile + 1}: ${stones} → ${stones - take} (Grundy value ${before} → ${after})`;
  }

  function renderVerdict() {
    const sum = S.nimSum;
    const el = $("verdict");
    const width = Math.max(bitLength(sum), 1);
    if (sum === 0n) {
      el.dataset.winner = "Aoki";
      el.textContent = `Aoki wins: the nim-sum of the piles' Grundy values is 0, so every move of ` +
        `Takahashi's leaves a nim-sum other than 0 (${plural(S.game.ph.length, "pile")}, ` +
        `${plural(S.game.xh.length, "forbidden move")}).`;
      return;
    }
    el.dataset.winner = "Takahashi";
    const valueAt = (i) => big(S.valueH[i], S.valueL[i]);
    const [pile, take] = winningMove(S, S.game.ph.length, (i) => pileOf(S.game, i), valueAt, sum);
    const stones = pileOf(S.game, pile);
    el.textContent = `Takahashi wins: the nim-sum of the piles' Grundy values is ${sum} ` +
      `(${binary(sum, width)} in binary), not 0; a winning move: ` +
      `${moveWords(pile, take, stones, valueAt(pile), grundy(S, stones - take))}.`;
  }

  // ---------------------------------------------------------------------------------------
  // The picture
  // ---------------------------------------------------------------------------------------

  const MARGIN = { left: 8, right: 8, top: 26, bottom: 44 };
  const MOST_MARKS = 600;
  let layout = null;

  function clampView() {
    if (view.span < 16n) view.span = 16n;
    if (view.span > TOP) view.span = TOP;
    if (view.lo < 0n) view.lo = 0n;
    if (view.lo > TOP - view.span) view.lo = TOP - view.span;
  }

  /** The range that holds the special points and the piles, with a margin. */
  function fitView() {
    let least = null, most = 0n;
    const see = (v) => { if (least === null || v < least) least = v; if (v > most) most = v; };
    const specials = S.specialH.length;
    if (specials) { see(big(S.specialH[0], S.specialL[0])); see(big(S.specialH[specials - 1], S.specialL[specials - 1])); }
    const piles = S.pileH.length;
    if (piles) { see(big(S.pileH[0], S.pileL[0])); see(big(S.pileH[piles - 1], S.pileL[piles - 1])); }
    if (least === null) least = 0n;
    let span = most - least;
    span += span / 8n + 8n;
    let lo = least - span / 16n;
    if (lo < 0n || lo < span) lo = 0n;
    view.lo = lo;
    view.span = most + span / 16n + 4n - lo;
    clampView();
    view.cursor = S.game.ph.length ? pileOf(S.game, 0) : view.lo;
  }

  function colours() {
    const css = getComputedStyle(document.documentElement);
    const get = (name) => css.getPropertyValue(name).trim();
    return { g: get("--g"), nim: get("--nim"), drop: get("--drop"), stay: get("--stay"), pile: get("--pile"), ink: get("--ink"), focus: get("--focus") };
  }

  let drawQueued = false;
  function redraw() {
    if (drawQueued) return;
    drawQueued = true;
    requestAnimationFrame(() => { drawQueued = false; draw(); });
  }

  const scratch = {
    sx: new Float64Array(0), sy: new Float64Array(0), ex: new Float64Array(0),
    dots: new Uint8Array(0), layer: document.createElement("canvas"),
  };

  function draw() {
    const started = performance.now();
    const canvas = $("plot");
    const dpr = window.devicePixelRatio || 1;
    const W = canvas.clientWidth, H = canvas.clientHeight;
    if (canvas.width !== Math.round(W * dpr) || canvas.height !== Math.round(H * dpr)) {
      canvas.width = Math.round(W * dpr);
      canvas.height = Math.round(H * dpr);
    }
    const ctx = canvas.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, W, H);
    const c = colours();
    const plotW = Math.max(W - MARGIN.left - MARGIN.right, 10);
    const plotH = Math.max(H - MARGIN.top - MARGIN.bottom, 10);
    const lo = view.lo, hi = view.lo + view.span;
    const spanF = Number(view.span);
    const loH = hi32(lo), loL = lo32(lo);
    // Offsets from lo, exact below 2^53 (each half's difference is exact).
    const dxOf = (h, l) => (h - loH) * W32 + (l - loL);
    const xAt = (dx) => MARGIN.left + (dx / spanF) * plotW;
    const gLo = grundy(S, lo);
    const gH = hi32(gLo), gL = lo32(gLo);
    const k0 = breakpointIndex(S, lo), k1 = breakpointIndex(S, hi);
    // Each segment in view: its start and end as offsets (x from lo, y from g(lo)).
    const count = k1 - k0 + 1;
    // Reused from draw to draw: a zoom redraws often, and fresh arrays of a contest-size game's
    // segments at every step kept the garbage collector busy.
    if (scratch.sx.length < count) {
      scratch.sx = new Float64Array(count);
      scratch.sy = new Float64Array(count);
      scratch.ex = new Float64Array(count);
    }
    const { sx, sy, ex } = scratch;
    let yMin = Infinity, yMax = -Infinity, kMin = k0, kMax = k0, lineMin = Infinity;
    for (let k = k0, i = 0; k <= k1; k++, i++) {
      const x0 = k === k0 ? 0 : dxOf(S.Ph[k], S.Pl[k]);
      const y0 = k === k0 ? 0 : (S.Vh[k] - gH) * W32 + (S.Vl[k] - gL);
      const x1 = k < k1 ? dxOf(S.Ph[k + 1], S.Pl[k + 1]) - 1 : spanF;
      sx[i] = x0; sy[i] = y0; ex[i] = x1;
      if (y0 < yMin) { yMin = y0; kMin = k; }
      if (y0 + (x1 - x0) > yMax) { yMax = y0 + (x1 - x0); kMax = k; }
      if ((x1 > x0 || k === k0) && y0 < lineMin) lineMin = y0;
    }
    // g's least and largest value in view, exact: the start of one segment, the end of one.
    const gMin = kMin === k0 ? gLo : valueAtIndex(S, kMin);
    const gMax = grundy(S, kMax < k1 ? positionAtIndex(S, kMax + 1) - 1n : hi);
    // Plain Nim's g = n, which lies lo - g(lo) above g at lo: beside g when that is near.
    const gap = lo - gLo;
    const gapF = Number(gap);
    const diagonal = gapF <= spanF;
    if (diagonal) yMax = Math.max(yMax, gapF + spanF);
    // Where positions crowd, the height shows the rising runs (segments longer than one
    // position); a drop below them is a dot on the picture's floor, and the words count them.
    const crowded = view.span > 160n && count > 2 * plotW;
    const floorMin = yMin;
    if (crowded && lineMin > yMin && lineMin < yMax) yMin = lineMin;
    if (yMax - yMin < 4) yMax = yMin + 4;
    const yPad = (yMax - yMin) * 0.04;
    const yBottom = yMin - yPad, yTop = yMax + yPad;
    const yAt = (dy) => MARGIN.top + plotH - ((dy - yBottom) / (yTop - yBottom)) * plotH;
    layout = { plotW, plotH, spanF, lo, hi, gLo, xAt, yAt, dxOf, W, H };

    ctx.save();
    ctx.beginPath();
    ctx.rect(MARGIN.left, MARGIN.top, plotW, plotH);
    ctx.clip();
    if (diagonal) {
      ctx.strokeStyle = c.nim;
      ctx.setLineDash([6, 4]);
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(xAt(0), yAt(gapF));
      ctx.lineTo(xAt(spanF), yAt(gapF + spanF));
      ctx.stroke();
      ctx.setLineDash([]);
    }
    // g: a line a segment where segments are wide, a column's extent where they crowd.
    ctx.strokeStyle = c.g;
    ctx.fillStyle = c.g;
    ctx.lineWidth = 2;
    const few = view.span <= 160n;
    const columnLow = new Float64Array(Math.ceil(plotW) + 2).fill(Infinity);
    const columnHigh = new Float64Array(Math.ceil(plotW) + 2).fill(-Infinity);
    // Where positions crowd, a drop (a segment of one position) is a dot of its own, not part
    // of its column's extent: a drop far below the line would paint the column solid.
    const dotsWide = Math.ceil(plotW), dotsHigh = Math.ceil(plotH);
    let dots = null;
    ctx.beginPath();
    for (let i = 0; i < count; i++) {
      const xa = xAt(sx[i]), xb = xAt(ex[i]);
      const ya = yAt(sy[i]), yb = yAt(sy[i] + (ex[i] - sx[i]));
      if (few || xb - xa >= 2) {
        ctx.moveTo(xa, ya);
        ctx.lineTo(Math.max(xb, xa + 0.5), yb);
      } else if (ex[i] === sx[i] && i > 0) {
        if (!dots) {
          if (scratch.dots.length < dotsWide * dotsHigh) scratch.dots = new Uint8Array(dotsWide * dotsHigh);
          dots = scratch.dots.subarray(0, dotsWide * dotsHigh);
          dots.fill(0);
        }
        const col = Math.min(dotsWide - 1, Math.max(0, Math.floor(xa - MARGIN.left)));
        const row = Math.min(dotsHigh - 1, Math.max(0, Math.floor(ya - MARGIN.top)));
        dots[row * dotsWide + col] = 1;
      } else {
        const col = Math.max(0, Math.floor(xa - MARGIN.left));
        if (col < columnLow.length) {
          columnLow[col] = Math.min(columnLow[col], ya, yb);
          columnHigh[col] = Math.max(columnHigh[col], ya, yb);
        }
      }
    }
    ctx.stroke();
    for (let col = 0; col < columnLow.length; col++) {
      if (columnLow[col] !== Infinity) {
        ctx.fillRect(MARGIN.left + col, columnLow[col] - 1, 1.5, columnHigh[col] - columnLow[col] + 2);
      }
    }
    if (dots) {
      const image = new ImageData(dotsWide, dotsHigh);
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(c.drop.slice(i, i + 2), 16));
      for (let i = 0; i < dots.length; i++) {
        if (dots[i]) image.data.set([r, g, b, 255], 4 * i);
      }
      const layer = scratch.layer;
      layer.width = dotsWide;
      layer.height = dotsHigh;
      layer.getContext("2d").putImageData(image, 0, 0);
      ctx.drawImage(layer, MARGIN.left, MARGIN.top, dotsWide, dotsHigh);
    }
    if (few) {
      for (let n = lo; n <= hi; n++) {
        const x = xAt(Number(n - lo));
        const y = yAt(Number(grundy(S, n) - gLo));
        ctx.beginPath();
        ctx.arc(x, y, 2.5, 0, 2 * Math.PI);
        ctx.fill();
      }
    }
    // The marks: shapes, not colour alone.
    const marks = { drops: 0, stays: 0, piles: 0 };
    // Where marks crowd, a strip at the bottom: a tick a pixel column that holds any.
    const strip = MARGIN.top + plotH - 8;
    const columns = Math.ceil(plotW) + 1;
    const crowd = { drop: new Uint8Array(columns), stay: new Uint8Array(columns), pile: new Uint8Array(columns) };
    const column = (x) => Math.min(columns - 1, Math.max(0, Math.floor(x - MARGIN.left)));
    const sa = countBelow(S.specialH, S.specialL, lo), sb = countBelow(S.specialH, S.specialL, hi + 1n);
    const sFew = sb - sa <= MOST_MARKS;
    for (let s = sa; s < sb; s++) {
      const drop = S.drops[s] === 1;
      if (drop) marks.drops++; else marks.stays++;
      const x = xAt(dxOf(S.specialH[s], S.specialL[s]));
      if (sFew) {
        const y = yAt(Number(grundy(S, big(S.specialH[s], S.specialL[s])) - gLo));
        if (drop) triangle(ctx, x, y, c.drop); else diamond(ctx, x, y, c.stay);
      } else {
        (drop ? crowd.drop : crowd.stay)[column(x)] = 1;
      }
    }
    const pa = countBelow(S.pileH, S.pileL, lo), pb = countBelow(S.pileH, S.pileL, hi + 1n);
    const pFew = pb - pa <= MOST_MARKS;
    marks.piles = pb - pa;
    ctx.fillStyle = c.pile;
    for (let i = pa; i < pb; i++) {
      const x = xAt(dxOf(S.pileH[i], S.pileL[i]));
      if (pFew) {
        const y = yAt(Number(grundy(S, big(S.pileH[i], S.pileL[i])) - gLo));
        ctx.fillRect(x - 4, y - 4, 8, 8);
      } else {
        crowd.pile[column(x)] = 1;
      }
    }
    for (const [flags, colour, top] of [[crowd.drop, c.drop, strip - 8], [crowd.stay, c.stay, strip - 16], [crowd.pile, c.pile, strip]]) {
      ctx.fillStyle = colour;
      for (let col = 0; col < columns; col++) if (flags[col]) ctx.fillRect(MARGIN.left + col, top, 1, 7);
    }
    // The cursor.
    let cursorWords = "";
    if (view.cursor >= lo && view.cursor <= hi) {
      const x = xAt(Number(view.cursor - lo));
      ctx.strokeStyle = c.ink;
      ctx.lineWidth = 1;
      ctx.setLineDash([3, 3]);
      ctx.beginPath();
      ctx.moveTo(x, MARGIN.top);
      ctx.lineTo(x, MARGIN.top + plotH);
      ctx.stroke();
      ctx.setLineDash([]);
      cursorWords = `cursor at n = ${view.cursor}, g(n) = ${grundy(S, view.cursor)}`;
    }
    ctx.restore();
    // The frame and the labels: exact values, as text.
    ctx.strokeStyle = "#aaaaaa";
    ctx.lineWidth = 1;
    ctx.strokeRect(MARGIN.left, MARGIN.top, plotW, plotH);
    ctx.fillStyle = c.ink;
    ctx.font = "12px system-ui, sans-serif";
    ctx.textBaseline = "top";
    ctx.textAlign = "left";
    ctx.fillText(`n = ${lo}`, MARGIN.left, MARGIN.top + plotH + 4);
    ctx.textAlign = "right";
    ctx.fillText(`${hi}`, MARGIN.left + plotW, MARGIN.top + plotH + 4);
    ctx.textAlign = "left";
    ctx.textBaseline = "bottom";
    ctx.fillText(`g in view: ${gMin} to ${gMax}`, MARGIN.left, MARGIN.top - 4);
    ctx.textBaseline = "top";
    ctx.textAlign = "left";
    if (cursorWords) ctx.fillText(cursorWords, MARGIN.left, MARGIN.top + plotH + 22);

    $("from").value = String(lo);
    $("to").value = String(hi);
    const nimWords = diagonal
      ? `Plain Nim's g = n is drawn dashed, ${gap} above g at n = ${lo}.`
      : `Plain Nim's g = n lies ${gap} above g here, off the picture.`;
    const text = `Showing n from ${lo} to ${hi}: g goes from ${gMin} to ${gMax}. ` +
      `In view: ${plural(marks.drops + marks.stays, "special point")} (${plural(marks.drops, "drop")}, ` +
      `${marks.stays} staying on the rising line) and ${plural(marks.piles, "pile")}. ${nimWords}` +
      (dots ? " The drops crowd here: each pixel that holds one is a dot of their colour." : "") +
      (floorMin < yMin ? ` The picture's height shows the rising runs; drops to lower values, down to ${gMin}, are dots on its floor.` : "") +
      (cursorWords ? ` The ${cursorWords}.` : "");
    $("plot-text").textContent = text;
    canvas.setAttribute("aria-label", `The graph of g(n). ${text}`);
    listBreakpoints(k0, k1);
    timing.lastDrawMs = performance.now() - started;
    timing.draws++;
    if (timing.firstDrawn === null) timing.firstDrawn = performance.now();
  }

  function triangle(ctx, x, y, colour) {
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.moveTo(x - 6, y - 9);
    ctx.lineTo(x + 6, y - 9);
    ctx.lineTo(x, y + 1);
    ctx.closePath();
    ctx.fill();
  }

  function diamond(ctx, x, y, colour) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    ctx.moveTo(x, y - 7);
    ctx.lineTo(x + 6, y);
    ctx.lineTo(x, y + 7);
    ctx.lineTo(x - 6, y);
    ctx.closePath();
    ctx.stroke();
  }

  function listBreakpoints(k0, k1) {
    const list = $("breakpoints");
    const items = [];
    const last = Math.min(k1, k0 + 39);
    for (let k = k0; k <= last; k++) {
      const next = k + 1 < S.Ph.length ? `up to ${positionAtIndex(S, k + 1) - 1n}` : "from there on";
      items.push(`g(${positionAtIndex(S, k)}) = ${valueAtIndex(S, k)}, then one more a stone ${next}`);
    }
    if (k1 > last) items.push(`… and ${k1 - last} more breakpoints in view`);
    list.replaceChildren(...items.map((t) => { const li = document.createElement("li"); li.textContent = t; return li; }));
  }

  /** The position under the pixel x, snapped to a mark within 6 pixels. */
  function positionAt(x) {
    const frac = Math.min(Math.max((x - MARGIN.left) / layout.plotW, 0), 1);
    const scale = 1n << 30n;
    let n = view.lo + (view.span * BigInt(Math.round(frac * Number(scale))) + scale / 2n) / scale;
    if (view.span > BigInt(Math.round(layout.plotW))) {
      let best = null;
      const near = (h, l) => {
        const i = countBelow(h, l, n);
        for (const j of [i - 1, i]) {
          if (j < 0 || j >= h.length) continue;
          const px = Math.abs(layout.xAt(layout.dxOf(h[j], l[j])) - x);
          if (px <= 6 && (best === null || px < best[0])) best = [px, big(h[j], l[j])];
        }
      };
      near(S.specialH, S.specialL);
      near(S.pileH, S.pileL);
      if (best) n = best[1];
    }
    return n;
  }

  function zoom(num, den, around) {
    const at = around === undefined ? view.lo + view.span / 2n : around;
    const span = (view.span * num) / den;
    const newSpan = span < 16n ? 16n : span > TOP ? TOP : span;
    view.lo = at - ((at - view.lo) * newSpan) / (view.span || 1n);
    view.span = newSpan;
    clampView();
    redraw();
  }

  function pan(num, den) {
    view.lo += (view.span * num) / den;
    clampView();
    redraw();
  }

  function moveCursor(to) {
    view.cursor = to < 0n ? 0n : to > TOP ? TOP : to;
    if (view.cursor < view.lo) view.lo = view.cursor;
    if (view.cursor > view.lo + view.span) view.lo = view.cursor - view.span;
    clampView();
    redraw();
  }

  // ---------------------------------------------------------------------------------------
  // Why, on the page
  // ---------------------------------------------------------------------------------------

  function showWhy(n) {
    $("why-n").value = String(n);
    $("why-text").textContent = whyText(whyFacts(S, n));
  }

  function readNumber(input, what) {
    const text = input.value.trim();
    if (!/^[0-9]+$/.test(text) || BigInt(text) > TOP) {
      throw new Error(`${what}: expected a number of stones from 0 to ${TOP}, digits only`);
    }
    return BigInt(text);
  }

  // ---------------------------------------------------------------------------------------
  // Play
  // ---------------------------------------------------------------------------------------

  function log(text) {
    const li = document.createElement("li");
    li.textContent = text;
    const list = $("play-log");
    list.append(li);
    // The log scrolls within itself; the page stays where the reader is.
    list.scrollTop = list.scrollHeight;
  }

  /** A new game on the board, of `piles` (BigInt), or none when the game has too many. */
  function startPlay(piles) {
    if (!piles) {
      play.piles = [];
      play.values = [];
      play.over = true;
      $("play-log").replaceChildren();
      log(`This game has more than ${PLAY_MOST} piles, more than the board plays: give piles of ` +
        "your own below to play them against the program under this game's forbidden moves.");
      renderBoard();
      return;
    }
    play.piles = piles.slice();
    play.values = piles.map((a) => grundy(S, a));
    play.over = false;
    $("play-log").replaceChildren();
    const sum = nimSumOf(play.values);
    play.computerFirst = sum !== 0n;
    const first = play.computerFirst ? "so whoever moves first can win: I move first" : "so whoever moves first loses: you move first";
    log(`The nim-sum of the Grundy values is ${sum === 0n ? "0" : `${sum}, not 0`}, ${first}.`);
    if (play.computerFirst) computerMove();
    else if (stuck()) end("You have no move left: I win.", "computer");
    renderBoard();
  }

  function playWinningMove() {
    const sum = nimSumOf(play.values);
    return winningMove(S, play.piles.length, (i) => play.piles[i], (i) => play.values[i], sum);
  }

  function stuck() {
    return play.piles.every((a) => !canMove(S, a));
  }

  function end(text, winner) {
    log(text);
    play.over = true;
    $("play").dataset.winner = winner;
  }

  function apply(pile, take) {
    const stones = play.piles[pile];
    const before = play.values[pile];
    play.piles[pile] = stones - take;
    play.values[pile] = grundy(S, stones - take);
    return [stones, before, play.values[pile]];
  }

  function computerMove() {
    const sum = nimSumOf(play.values);
    const move = playWinningMove() || anyMove(S, play.piles);
    if (!move) {
      end("I have no move left: you win.", "learner");
      return;
    }
    const [pile, take] = move;
    const value = play.values[pile];
    const [stones, before, after] = apply(pile, take);
    const now = nimSumOf(play.values);
    const reason = sum !== 0n ? ` Why: ${whyItWins(sum, value, pile)}` : " Every move loses here; this one leaves the most to play.";
    log(`I ${moveWords(pile, take, stones, before, after)}; ${now === 0n ? "the nim-sum is 0 again." : `the nim-sum is ${now}.`}${reason}`);
    if (stuck()) end("You have no move left: I win.", "computer");
  }

  function learnerMove(pile, take) {
    if (play.over) {
      log("The game is over: start again to play once more.");
      return;
    }
    const why = illegal(S, play.piles, pile, take);
    if (why) {
      log(`not allowed: ${why}. Try again.`);
      return;
    }
    const [stones, before, after] = apply(Number(pile) - 1, take);
    log(`You ${moveWords(Number(pile) - 1, take, stones, before, after)}.`);
    computerMove();
    renderBoard();
  }

  function hint() {
    const move = playWinningMove();
    if (!move) {
      log("hint: the nim-sum is 0, so every move leaves a nonzero nim-sum; none wins against best play.");
      return;
    }
    const [pile, take] = move;
    const stones = play.piles[pile];
    const sum = nimSumOf(play.values);
    log(`hint: ${moveWords(pile, take, stones, play.values[pile], grundy(S, stones - take))}. ` +
      `Why: ${whyItWins(sum, play.values[pile], pile)}`);
  }

  function renderBoard() {
    const sum = nimSumOf(play.values);
    const width = Math.max(bitLength(play.values.reduce((a, v) => a | v, sum)), 1);
    const rows = [];
    const shown = Math.min(play.piles.length, 200);
    for (let i = 0; i < shown; i++) {
      const tr = document.createElement("tr");
      tr.dataset.stones = String(play.piles[i]);
      for (const [text, cls] of [[`${i + 1}`, ""], [`${play.piles[i]}`, ""], [`${play.values[i]}`, ""], [binary(play.values[i], width), "bits"]]) {
        const td = document.createElement("td");
        td.textContent = text;
        if (cls) td.className = cls;
        tr.append(td);
      }
      rows.push(tr);
    }
    if (play.piles.length > shown) {
      const tr = document.createElement("tr");
      const td = document.createElement("td");
      td.colSpan = 4;
      td.textContent = `… and ${play.piles.length - shown} more piles`;
      tr.append(td);
      rows.push(tr);
    }
    $("board-rows").replaceChildren(...rows);
    $("nim-sum").textContent = String(sum);
    $("nim-sum-bits").textContent = binary(sum, width);
    $("play").dataset.over = String(play.over);
    if (!play.over) delete $("play").dataset.winner;
  }

  // ---------------------------------------------------------------------------------------
  // Edit
  // ---------------------------------------------------------------------------------------

  const SHOWN_ITEMS = 100;

  function renderLists() {
    const game = S.game;
    const item = (text, label, action) => {
      const li = document.createElement("li");
      const span = document.createElement("span");
      span.textContent = text;
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = "Remove";
      button.setAttribute("aria-label", label);
      button.addEventListener("click", action);
      li.append(span, button);
      return li;
    };
    const piles = [], moves = [];
    const n = game.ph.length, m = game.xh.length;
    for (let i = 0; i < Math.min(n, SHOWN_ITEMS); i++) {
      const a = pileOf(game, i);
      piles.push(item(`pile ${i + 1}: ${plural(a, "stone")}`, `Remove pile ${i + 1}`,
        () => edit((g) => { g.ph.splice(i, 1); g.pl.splice(i, 1); }, `Pile ${i + 1} removed.`)));
    }
    for (let i = 0; i < Math.min(m, SHOWN_ITEMS); i++) {
      const [x, y] = moveOf(game, i);
      moves.push(item(`from ${x}, taking ${y}`, `Allow taking ${y} from ${x} again`,
        () => edit((g) => { for (const name of ["xh", "xl", "yh", "yl"]) g[name].splice(i, 1); },
          `Taking ${y} from ${x} is allowed again.`)));
    }
    const more = (list, length, what) => {
      if (length > SHOWN_ITEMS) {
        const li = document.createElement("li");
        li.textContent = `… and ${length - SHOWN_ITEMS} more ${what} (type one above to remove it, or edit the text)`;
        list.push(li);
      }
      return list;
    };
    $("pile-list").replaceChildren(...more(piles, n, "piles"));
    $("move-list").replaceChildren(...more(moves, m, "forbidden moves"));
  }

  function edit(change, message) {
    useGame(changed(S.game, change), { message });
  }

  /** The indices of the forbidden move (x, y) as listed (a move may be listed twice). */
  function findMove(x, y) {
    const g = S.game;
    const [xh, xl, yh, yl] = [hi32(x), lo32(x), hi32(y), lo32(y)];
    const found = [];
    for (let i = 0; i < g.xh.length; i++) {
      if (g.xh[i] === xh && g.xl[i] === xl && g.yh[i] === yh && g.yl[i] === yl) found.push(i);
    }
    return found;
  }

  // ---------------------------------------------------------------------------------------
  // Events
  // ---------------------------------------------------------------------------------------

  function guarded(action, where) {
    return (event) => {
      if (event) event.preventDefault();
      try {
        action(event);
        if (where) where.classList.remove("error");
      } catch (e) {
        if (!where) throw e;
        where.textContent = e.message;
        where.classList.add("error");
      }
    };
  }

  function wire() {
    const canvas = $("plot");
    $("zoom-in").addEventListener("click", () => zoom(1n, 2n, view.cursor >= view.lo && view.cursor <= view.lo + view.span ? view.cursor : undefined));
    $("zoom-out").addEventListener("click", () => zoom(2n, 1n));
    $("pan-left").addEventListener("click", () => pan(-1n, 4n));
    $("pan-right").addEventListener("click", () => pan(1n, 4n));
    $("fit").addEventListener("click", () => { fitView(); redraw(); });
    $("range-form").addEventListener("submit", guarded(() => {
      const from = readNumber($("from"), "from"), to = readNumber($("to"), "to");
      if (to <= from) throw new Error("to must be past from");
      view.lo = from;
      view.span = to - from;
      clampView();
      draw();
    }, $("plot-text")));
    $("why-form").addEventListener("submit", guarded(() => {
      const n = readNumber($("why-n"), "N");
      showWhy(n);
      moveCursor(n);
    }, $("why-text")));
    let drag = null;
    canvas.addEventListener("pointerdown", (e) => {
      drag = { x: e.clientX, lo: view.lo, moved: false };
      canvas.setPointerCapture(e.pointerId);
    });
    canvas.addEventListener("pointermove", (e) => {
      if (!drag) return;
      const dx = e.clientX - drag.x;
      if (Math.abs(dx) > 3) drag.moved = true;
      if (!drag.moved) return;
      const scale = 1n << 20n;
      view.lo = drag.lo - (view.span * BigInt(Math.round((dx / layout.plotW) * Number(scale)))) / scale;
      clampView();
      redraw();
    });
    canvas.addEventListener("pointerup", (e) => {
      const wasDrag = drag && drag.moved;
      drag = null;
      if (wasDrag) return;
      const rect = canvas.getBoundingClientRect();
      const n = positionAt(e.clientX - rect.left);
      view.cursor = n;
      showWhy(n);
      draw();
    });
    canvas.addEventListener("wheel", (e) => {
      e.preventDefault();
      const rect = canvas.getBoundingClientRect();
      const at = positionAt(e.clientX - rect.left);
      if (e.deltaY < 0) zoom(2n, 3n, at); else zoom(3n, 2n, at);
    }, { passive: false });
    canvas.addEventListener("keydown", (e) => {
      const step = e.shiftKey ? (view.span / 10n > 0n ? view.span / 10n : 1n) : 1n;
      const keys = {
        ArrowLeft: () => moveCursor(view.cursor - step),
        ArrowRight: () => moveCursor(view.cursor + step),
        "+": () => zoom(1n, 2n, view.cursor),
        "=": () => zoom(1n, 2n, view.cursor),
        "-": () => zoom(2n, 1n, view.cursor),
        PageUp: () => pan(-1n, 2n),
        PageDown: () => pan(1n, 2n),
        Home: () => { fitView(); redraw(); },
        Enter: () => showWhy(view.cursor),
      };
      if (keys[e.key]) {
        e.preventDefault();
        keys[e.key]();
      }
    });
    window.addEventListener("resize", redraw);
    $("move-form").addEventListener("submit", guarded(() => {
      const pile = readNumber($("move-pile"), "pile");
      const take = readNumber($("move-take"), "take");
      learnerMove(pile, take);
    }, $("play-message")));
    $("hint").addEventListener("click", hint);
    $("new-game").addEventListener("click", () =>
      startPlay(S.game.ph.length <= PLAY_MOST ? Array.from(S.game.ph, (h, i) => pileOf(S.game, i)) : null));
    $("custom-form").addEventListener("submit", guarded(() => {
      const words = $("custom-piles").value.trim().split(/\s+/).filter((w) => w !== "");
      if (!words.length || words.length > 1000) throw new Error("give from 1 to 1000 piles, as numbers apart");
      const piles = words.map((w, i) => {
        if (!/^[0-9]+$/.test(w) || BigInt(w) > TOP) throw new Error(`pile ${i + 1}: "${w.slice(0, 40)}" is not a number of stones`);
        return BigInt(w);
      });
      startPlay(piles);
      renderBoard();
    }, $("play-message")));
    $("add-pile-form").addEventListener("submit", guarded(() => {
      const a = readNumber($("add-pile"), "the pile");
      edit((g) => { g.ph.push(hi32(a)); g.pl.push(lo32(a)); }, `A pile of ${plural(a, "stone")} added.`);
    }, $("edit-message")));
    const readMove = () => {
      const x = readNumber($("forbid-x"), "X"), y = readNumber($("forbid-y"), "Y");
      if (y < 1n || y > x) throw new Error(`Y = ${y} must be from 1 to X = ${x}`);
      return [x, y];
    };
    $("forbid-form").addEventListener("submit", guarded(() => {
      const [x, y] = readMove();
      if (findMove(x, y).length) throw new Error(`taking ${y} from ${x} is already forbidden`);
      edit((g) => { g.xh.push(hi32(x)); g.xl.push(lo32(x)); g.yh.push(hi32(y)); g.yl.push(lo32(y)); },
        `Taking ${y} from ${x} is forbidden now.`);
    }, $("edit-message")));
    $("forbid-remove").addEventListener("click", guarded(() => {
      const [x, y] = readMove();
      const found = findMove(x, y);
      if (!found.length) throw new Error(`taking ${y} from ${x} is not forbidden`);
      edit((g) => {
        for (const j of found.reverse()) for (const name of ["xh", "xl", "yh", "yl"]) g[name].splice(j, 1);
      }, `Taking ${y} from ${x} is allowed again.`);
    }, $("edit-message")));
    $("text-form").addEventListener("submit", guarded(() => {
      useGame(parseGame($("game-text").value), { message: "The game from the text is in use." });
    }, $("edit-message")));
  }

  // ---------------------------------------------------------------------------------------
  // Start
  // ---------------------------------------------------------------------------------------

  /** What the tests read: the same functions the page runs, on any game. */
  window.nimPage = {
    timing,
    solveText(text) {
      const solved = solve(parseGame(text));
      return {
        breakpoints: Array.from(solved.Ph, (h, k) => `${positionAtIndex(solved, k)} ${valueAtIndex(solved, k)}`),
        values: Array.from(solved.valueH, (h, i) => String(big(h, solved.valueL[i]))),
        winner: solved.nimSum === 0n ? "Aoki" : "Takahashi",
      };
    },
    whyText(text, n) {
      return whyText(whyFacts(solve(parseGame(text)), BigInt(n)));
    },
    gameText: () => gameText(S.game),
    view: () => ({ lo: String(view.lo), span: String(view.span), cursor: String(view.cursor) }),
    zoom(times) { for (let i = 0; i < times; i++) { zoom(1n, 2n, view.cursor); draw(); } return timing.lastDrawMs; },
    draw() { draw(); return timing.lastDrawMs; },
  };

  wire();
  let first;
  let message = "";
  try {
    first = gameFromAddress();
  } catch (e) {
    message = `The game in the address is not a game (${e.message}); the page's own game is shown.`;
  }
  const fromAddress = Boolean(first);
  const reading = performance.now();
  if (!first) first = readRecords(document.getElementById("game").textContent);
  timing.phases.read = performance.now() - reading;
  useGame(first, { share: fromAddress, message });
  showWhy(view.cursor);
})();
