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

