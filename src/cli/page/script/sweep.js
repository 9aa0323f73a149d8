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
      // White space that is not ASCII (a no-break space copied from a page) shows as a space:
      // named, as the tool's reader names it.
      const space = [...token(code)].find((c) => c.charCodeAt(0) > 127 && /\s/u.test(c));
      if (space) {
        const name = `U+${space.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
        throw new Error(`${what}: white space ${name} is not ASCII; separate numbers with spaces, tabs or newlines`);
      }
      throw new Error(`${what}: expected a non-negative integer, found "${token(code)}"`);
    }
    at++;
    return [hs[at - 1], ls[at - 1]];
  };
  if (hs.length === 0) throw new Error("the input is empty; expected N and M first");
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
  let bytes;
  if (Uint8Array.fromBase64) {
    bytes = Uint8Array.fromBase64(text.trim());
  } else {
    const binary = atob(text.trim());
    bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  }
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
 * Records of `w` 32-bit words each (`words` of them the key, most significant first), sorted
 * by their key: a stable radix sort on 16-bit digits, least significant first, skipping the
 * digits every key shares. The records move whole, so that every pass, and every walk over
 * the result, reads memory in order. O(n) a digit.
 */
function sortRecords(records, w, words) {
  const n = records.length / w;
  const digits = 2 * words;
  const counts = new Uint32Array(65536 * digits);
  for (let o = 0; o < records.length; o += w) {
    for (let k = 0; k < words; k++) {
      const v = records[o + k];
      counts[65536 * (2 * k) + (v & 65535)]++;
      counts[65536 * (2 * k + 1) + (v >>> 16)]++;
    }
  }
  let from = records, to = new Uint32Array(records.length);
  for (let step = 0; step < digits; step++) {
    // The last word's low digit first, its high one next, then the word before it.
    const k = words - 1 - (step >> 1), high = (step & 1) === 1, d = 2 * k + (high ? 1 : 0);
    const base = 65536 * d;
    if (n === 0) break;
    const v0 = records[k];
    if (counts[base + (high ? v0 >>> 16 : v0 & 65535)] === n) continue;
    let sum = 0;
    for (let b = base; b < base + 65536; b++) { const c = counts[b]; counts[b] = sum; sum += c; }
    if (high) {
      for (let o = 0; o < from.length; o += w) {
        const at = counts[base + (from[o + k] >>> 16)]++ * w;
        for (let q = 0; q < w; q++) to[at + q] = from[o + q];
      }
    } else {
      for (let o = 0; o < from.length; o += w) {
        const at = counts[base + (from[o + k] & 65535)]++ * w;
        for (let q = 0; q < w; q++) to[at + q] = from[o + q];
      }
    }
    [from, to] = [to, from];
  }
  return from;
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
  // Each move as a record: X and its target X - Y, by halves; in order of X, then target.
  let moves = new Uint32Array(4 * m);
  for (let i = 0, o = 0; i < m; i++, o += 4) {
    let l = xl[i] - game.yl[i], h = xh[i] - game.yh[i];
    if (l < 0) { l += W32; h -= 1; }
    moves[o] = xh[i]; moves[o + 1] = xl[i]; moves[o + 2] = h; moves[o + 3] = l;
  }
  moves = sortRecords(moves, 4, 4);
  // The special points, each with its distinct targets (increasing) from starts[s].
  const sh = new Float64Array(m), sl = new Float64Array(m), starts = new Int32Array(m + 1);
  const gh = new Float64Array(m), gl = new Float64Array(m);
  let specials = 0, targets = 0;
  for (let o = 0; o < 4 * m; o += 4) {
    const ah = moves[o], al = moves[o + 1], bh = moves[o + 2], bl = moves[o + 3];
    if (specials > 0 && sh[specials - 1] === ah && sl[specials - 1] === al) {
      if (gh[targets - 1] === bh && gl[targets - 1] === bl) continue; // listed twice: it counts once
    } else {
      sh[specials] = ah; sl[specials] = al;
      starts[specials++] = targets;
    }
    gh[targets] = bh; gl[targets++] = bl;
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
  let asked = new Uint32Array(3 * targets);
  for (let j = 0, o = 0; j < targets; j++, o += 3) { asked[o] = gh[j]; asked[o + 1] = gl[j]; asked[o + 2] = j; }
  asked = sortRecords(asked, 3, 2);
  const askedEnd = 3 * targets;
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
    while (next < askedEnd && (asked[next] < atH || (asked[next] === atH && asked[next + 1] < atL))) {
      const th = asked[next], tl = asked[next + 1], j = asked[next + 2];
      next += 3;
      // The targets left lie at or past the previous special point: the last breakpoint or
      // the one or two before it hold them.
      let k = size - 1;
      while (Ph[k] > th || (Ph[k] === th && Pl[k] > tl)) k--;
      let dl = tl - Pl[k], dh = th - Ph[k];
      if (dl < 0) { dl += W32; dh -= 1; }
      let vl = Vl[k] + dl, vh = Vh[k] + dh;
      if (vl >= W32) { vl -= W32; vh += 1; }
      valueH[j] = vh; valueL[j] = vl;
    }
    // The targets' values in increasing order: by insertion where there are few (most groups
    // are one move), else by the engine's sort (values falling as the targets rise, one after
    // each of many drops, would take insertion k^2 steps).
    const first = starts[s], count = starts[s + 1] - first;
    if (byValue.length < count) byValue = new Int32Array(2 * count);
    if (count > 16) {
      for (let a = 0; a < count; a++) byValue[a] = first + a;
      byValue.subarray(0, count).sort((p, q) => valueH[p] - valueH[q] || valueL[p] - valueL[q]);
    } else {
      for (let a = 0; a < count; a++) {
        const j = first + a;
        let b = a;
        while (b > 0 && (valueH[byValue[b - 1]] > valueH[j] || (valueH[byValue[b - 1]] === valueH[j] && valueL[byValue[b - 1]] > valueL[j]))) {
          byValue[b] = byValue[b - 1];
          b--;
        }
        byValue[b] = j;
      }
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
  let piles = new Uint32Array(3 * n);
  for (let i = 0, o = 0; i < n; i++, o += 3) { piles[o] = game.ph[i]; piles[o + 1] = game.pl[i]; piles[o + 2] = i; }
  piles = sortRecords(piles, 3, 2);
  const pileOrder = new Uint32Array(n);
  for (let j = 0, k = 0, o = 0; j < n; j++, o += 3) {
    const h = piles[o], l = piles[o + 1], i = piles[o + 2];
    pileOrder[j] = i;
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

