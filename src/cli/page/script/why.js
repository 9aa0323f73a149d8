// ---------------------------------------------------------------------------------------
// Why: the facts of src/cli/why.rs, said in its words
// ---------------------------------------------------------------------------------------

/**
 * A list of positions kept as 32-bit halves (`at(i)` gives item i's index into them): made
 * BigInt only where a line shows one, as `positions` does for the first few and the last.
 */
function halvesList(H, L, length, at) {
  return { length, item: (i) => big(H[at(i)], L[at(i)]) };
}

function whyFacts(S, n) {
  const h = hi32(n), l = lo32(n);
  const s = specialIndex(S, n);
  const first = s < 0 ? 0 : S.starts[s];
  const count = s < 0 ? 0 : S.starts[s + 1] - first;
  const targets = halvesList(S.targetH, S.targetL, count, (i) => first + i);
  // The targets' values, in halves: the targets rise, and so does the breakpoint that holds
  // each.
  const value = grundy(S, n);
  const vh = new Float64Array(count), vl = new Float64Array(count);
  const size = S.Ph.length;
  let k = count ? lastAtOrBelow(S.Ph, S.Pl, size, S.targetH[first], S.targetL[first]) : 0;
  for (let i = 0; i < count; i++) {
    const th = S.targetH[first + i], tl = S.targetL[first + i];
    while (k + 1 < size && (S.Ph[k + 1] < th || (S.Ph[k + 1] === th && S.Pl[k + 1] <= tl))) k++;
    let dl = tl - S.Pl[k], dh = th - S.Ph[k];
    if (dl < 0) { dl += W32; dh -= 1; }
    let el = S.Vl[k] + dl, eh = S.Vh[k] + dh;
    if (el >= W32) { el -= W32; eh += 1; }
    vh[i] = eh; vl[i] = el;
  }
  // The targets by value, then by position (records of the value's halves and the index).
  let order = new Uint32Array(3 * count);
  for (let i = 0, o = 0; i < count; i++, o += 3) { order[o] = vh[i]; order[o + 1] = vl[i]; order[o + 2] = i; }
  let sorted = true;
  for (let i = 1; i < count && sorted; i++) sorted = vh[i - 1] < vh[i] || (vh[i - 1] === vh[i] && vl[i - 1] <= vl[i]);
  // Most often the values rise with the targets already.
  if (!sorted) order = sortRecords(order, 3, 2);
  // Below n, each value below H(n) is held once on the rising line and once by each drop to
  // it: the sweep's 1 + extra[w].
  const dropsBelow = countBelow(S.dropH, S.dropL, n);
  // The targets' distinct values, in order, kept in arrays (one object each would leave
  // 2·10^5 behind at a max test's point): group i holds the targets order[start[i]..start[i + 1]].
  const held = {
    length: 0,
    start: new Uint32Array(count + 1),
    h: new Float64Array(count),
    l: new Float64Array(count),
    holders: new Float64Array(count),
    own: -1,
    // Targets in order of value, as indices from `first`.
    at: (k) => first + order[3 * k + 2],
    H: S.targetH,
    L: S.targetL,
  };
  if (count) {
    const extra = countsTable(dropsBelow);
    for (let i = 0; i < dropsBelow; i++) extra.add(S.dropWH[i], S.dropWL[i]);
    const valueH = hi32(value), valueL = lo32(value);
    for (let a = 0; a < count;) {
      const h = order[3 * a], l = order[3 * a + 1];
      let b = a + 1;
      while (b < count && order[3 * b] === h && order[3 * b + 1] === l) b++;
      const i = held.length++;
      held.start[i] = a;
      held.h[i] = h;
      held.l[i] = l;
      held.holders[i] = 1 + extra.get(h, l);
      if (h === valueH && l === valueL) held.own = i;
      a = b;
    }
    held.start[held.length] = count;
  }
  const at = breakpointIndex(S, n);
  const piles = [];
  for (let i = 0; i < S.game.ph.length; i++) if (S.game.ph[i] === h && S.game.pl[i] === l) piles.push(i);
  return {
    n,
    value,
    rising: n - BigInt(dropsBelow),
    breakpoint: [positionAtIndex(S, at), valueAtIndex(S, at)],
    targets,
    held,
    piles,
  };
}

/** Group i's value, its count of targets, whether it is out of reach, and its targets. */
const heldValue = (held, i) => big(held.h[i], held.l[i]);
const heldCount = (held, i) => held.start[i + 1] - held.start[i];
const unreachable = (held, i) => heldCount(held, i) === held.holders[i];
const heldTargets = (held, i) =>
  halvesList(held.H, held.L, heldCount(held, i), (k) => held.at(held.start[i] + k));

/** The first few of a list (an array, or a `halvesList`), and how many more to the last. */
function positions(list) {
  const item = (i) => (Array.isArray(list) ? list[i] : list.item(i));
  const shown = Math.min(list.length, CONFIG.shownPositions);
  const text = Array.from({ length: shown }, (_, i) => item(i)).join(", ");
  if (list.length > shown) {
    return say("positions_more", { shown: text, more: list.length - shown, last: item(list.length - 1) });
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

function valueLine(lines, n, held, i) {
  const w = heldValue(held, i);
  const extra = held.holders[i] - 1;
  const holders = extra === 0
    ? say("holders_one", { n, w })
    : say("holders", { holders: held.holders[i], n, drops: plural(extra, "drop"), w, extra });
  const blocked = heldCount(held, i);
  const verdict = unreachable(held, i)
    ? say("out_of_reach")
    : say("still_reachable", { count: held.holders[i] - blocked });
  const targets = positions(heldTargets(held, i));
  lines.push(say("value_line", { w, holders, blocked, positions: targets, verdict }));
}

/** The groups from `from` to `to` (not shown one by one), in a line. */
function summary(lines, held, from, to) {
  if (from >= to) return;
  let out = 0;
  for (let i = from; i < to; i++) if (unreachable(held, i)) out++;
  if (to - from === 1) {
    const reach = say(unreachable(held, from) ? "out_of_reach" : "reachable");
    lines.push(say("hidden_one", { w: heldValue(held, from), reach }));
    return;
  }
  lines.push(say("hidden", {
    count: plural(to - from, "more value"),
    first: heldValue(held, from),
    last: heldValue(held, to - 1),
    out,
    reachable: to - from - out,
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
  const held = facts.held;
  // Each of the first values and n's own, one by one; the values between them, a line each run.
  let from = 0;
  for (let i = 0; i < held.length; i++) {
    if (i < CONFIG.shownValues || i === held.own) {
      summary(lines, held, from, i);
      valueLine(lines, n, held, i);
      from = i + 1;
    }
  }
  summary(lines, held, from, held.length);
  const gone = [];
  for (let i = 0; i < held.length; i++) if (unreachable(held, i)) gone.push(i);
  const out = { length: gone.length, item: (k) => heldValue(held, gone[k]) };
  if (!out.length) lines.push(say("no_drop", { n, rising }));
  else lines.push(say("drop", { values: positions(out), n, smallest: out.item(0), rising }));
  if (line) lines.push(line);
  return end();
}

