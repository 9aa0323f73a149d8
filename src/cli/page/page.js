// The page of `constrained-nim page`: the game solved in the browser by the sweep of
// src/main.rs (ported: values are BigInt, exact up to 2^64 - 1), drawn, explained in the words
// of `why` (embedded from src/cli/why.rs), played and edited. No request leaves the page.
"use strict";
(function () {
  const CONFIG = JSON.parse(document.getElementById("words").textContent);
  const WORDS = CONFIG.words;
  const TOP = (1n << 64n) - 1n;
  const TWO32 = 4294967296;
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

  const hi32 = (v) => Number(v >> 32n);
  const lo32 = (v) => Number(v & 0xffffffffn);
  const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

  /** A game in the input's layout: `N M`, the piles, then `X Y` for each forbidden move. */
  function parseGame(text) {
    const tokens = text.split(/[ \t\n\v\f\r]+/).filter((t) => t !== "");
    let at = 0;
    const number = (what) => {
      if (at >= tokens.length) throw new Error(`the game ended before ${what}`);
      const token = tokens[at++];
      if (!/^[0-9]+$/.test(token)) {
        throw new Error(`${what}: expected a non-negative integer, found "${token.slice(0, 40)}"`);
      }
      const value = BigInt(token);
      if (value > TOP) throw new Error(`${what}: ${token} does not fit in 64 bits`);
      return value;
    };
    const n = number("N");
    const m = number("M");
    if (n > 1000000n || m > 1000000n) {
      throw new Error("the page holds at most 10^6 piles and 10^6 forbidden moves");
    }
    const piles = [];
    for (let i = 1; i <= Number(n); i++) piles.push(number(`pile ${i}`));
    const moves = [];
    for (let i = 1; i <= Number(m); i++) {
      const x = number(`forbidden move ${i}: X`);
      const y = number(`forbidden move ${i}: Y`);
      if (y < 1n || y > x) {
        throw new Error(`forbidden move ${i}: Y = ${y} must be from 1 to X = ${x}`);
      }
      moves.push([x, y]);
    }
    if (at < tokens.length) throw new Error(`"${tokens[at].slice(0, 40)}" after the last forbidden move`);
    return { piles, moves };
  }

  function gameText(game) {
    const lines = [`${game.piles.length} ${game.moves.length}`, game.piles.join(" ")];
    for (const [x, y] of game.moves) lines.push(`${x} ${y}`);
    return lines.join("\n") + "\n";
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
    const m = game.moves.length;
    const xh = new Float64Array(m), xl = new Float64Array(m);
    const th = new Float64Array(m), tl = new Float64Array(m);
    const targetOf = new Array(m);
    for (let i = 0; i < m; i++) {
      const [x, y] = game.moves[i];
      const t = x - y;
      targetOf[i] = t;
      xh[i] = hi32(x); xl[i] = lo32(x); th[i] = hi32(t); tl[i] = lo32(t);
    }
    const order = new Uint32Array(m);
    for (let i = 0; i < m; i++) order[i] = i;
    order.sort((a, b) => xh[a] - xh[b] || xl[a] - xl[b] || th[a] - th[b] || tl[a] - tl[b]);
    // The special points, each with its distinct targets (increasing) from starts[g].
    const special = [], starts = [], targets = [];
    for (let k = 0; k < m; k++) {
      const i = order[k];
      const x = game.moves[i][0];
      const t = targetOf[i];
      const last = special.length - 1;
      if (last >= 0 && special[last] === x) {
        if (targets[targets.length - 1] === t) continue; // listed twice: it counts once
      } else {
        special.push(x);
        starts.push(targets.length);
      }
      targets.push(t);
    }
    starts.push(targets.length);
    const P = [0n], V = [0n], Ph = [0], Pl = [0];
    const push = (p, v) => {
      if (P[P.length - 1] === p) { P.pop(); V.pop(); Ph.pop(); Pl.pop(); }
      const k = P.length - 1;
      if (V[k] + (p - P[k]) !== v) { P.push(p); V.push(v); Ph.push(hi32(p)); Pl.push(lo32(p)); }
    };
    const extra = new Map();
    const drops = new Uint8Array(special.length);
    const dropX = [], dropW = [];
    let dropped = 0n;
    for (let s = 0; s < special.length; s++) {
      const x = special[s];
      const values = [];
      for (let j = starts[s]; j < starts[s + 1]; j++) {
        const t = targets[j];
        const k = lastAtOrBelow(Ph, Pl, P.length, hi32(t), lo32(t));
        values.push(V[k] + (t - P[k]));
      }
      if (values.length > 1) values.sort(compare);
      let drop = null;
      for (let a = 0; a < values.length && drop === null;) {
        let b = a + 1;
        while (b < values.length && values[b] === values[a]) b++;
        if ((extra.get(values[a]) || 0) + 1 === b - a) drop = values[a];
        a = b;
      }
      if (drop !== null) {
        extra.set(drop, (extra.get(drop) || 0) + 1);
        dropped += 1n;
        drops[s] = 1;
        dropX.push(x);
        dropW.push(drop);
        push(x, drop);
        // The line restarts at H: one value fewer than positions for every drop.
        if (x < TOP) push(x + 1n, x + 1n - dropped);
      }
    }
    const solved = {
      game, P, V, Ph, Pl,
      Vh: Float64Array.from(V, hi32), Vl: Float64Array.from(V, lo32),
      special, starts, targets, drops, dropX, dropW,
      specialH: Float64Array.from(special, hi32), specialL: Float64Array.from(special, lo32),
      dropH: Float64Array.from(dropX, hi32), dropL: Float64Array.from(dropX, lo32),
    };
    solved.values = game.piles.map((a) => grundy(solved, a));
    solved.nimSum = solved.values.reduce((s, v) => s ^ v, 0n);
    const byStones = game.piles.map((a, i) => i).sort((i, j) => compare(game.piles[i], game.piles[j]));
    solved.pileOrder = byStones;
    solved.pileH = Float64Array.from(byStones, (i) => hi32(game.piles[i]));
    solved.pileL = Float64Array.from(byStones, (i) => lo32(game.piles[i]));
    return solved;
  }

  function breakpointIndex(S, n) {
    return lastAtOrBelow(S.Ph, S.Pl, S.P.length, hi32(n), lo32(n));
  }

  /** g(n). */
  function grundy(S, n) {
    const k = breakpointIndex(S, n);
    return S.V[k] + (n - S.P[k]);
  }

  /** How many of the sorted positions (split in halves) lie below n. */
  function countBelow(h, l, n) {
    return lastAtOrBelow(h, l, h.length, hi32(n), lo32(n) - 1) + 1;
  }

  /** The special point n's index, or -1. */
  function specialIndex(S, n) {
    const k = lastAtOrBelow(S.specialH, S.specialL, S.special.length, hi32(n), lo32(n));
    return k >= 0 && S.special[k] === n ? k : -1;
  }

  function forbiddenTargets(S, n) {
    const s = specialIndex(S, n);
    return s < 0 ? [] : S.targets.slice(S.starts[s], S.starts[s + 1]);
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
      for (const [w] of byValue) wanted.set(w, 1n);
      for (let i = 0; i < dropsBelow; i++) {
        const w = S.dropW[i];
        const count = wanted.get(w);
        if (count !== undefined) wanted.set(w, count + 1n);
      }
      for (let a = 0; a < byValue.length;) {
        let b = a;
        const blocked = [];
        while (b < byValue.length && byValue[b][0] === byValue[a][0]) blocked.push(byValue[b++][1]);
        const value = byValue[a][0];
        held.push({ value, holders: wanted.get(value), blocked });
        a = b;
      }
    }
    const k = breakpointIndex(S, n);
    const piles = [];
    S.game.piles.forEach((a, i) => { if (a === n) piles.push(i); });
    return {
      n,
      value: S.V[k] + (n - S.P[k]),
      rising: n - BigInt(dropsBelow),
      breakpoint: [S.P[k], S.V[k]],
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
    for (let k = 0; k < S.P.length && S.P[k] < limit; k++) {
      const p = S.P[k], v = S.V[k];
      let end = k + 1 < S.P.length ? S.P[k + 1] : limit;
      if (end > limit) end = limit;
      if (v <= value && value - v < end - p) found.push(p + (value - v));
    }
    return found;
  }

  function bitLength(v) {
    return v === 0n ? 0 : v.toString(2).length;
  }

  function nimSumOf(values) {
    return values.reduce((s, v) => s ^ v, 0n);
  }

  /** A move to nim-sum 0 as [pile, take], the fewest stones from the first pile that can. */
  function winningMove(S, piles, values) {
    const sum = nimSumOf(values);
    if (sum === 0n) return null;
    const top = BigInt(bitLength(sum) - 1);
    const pile = values.findIndex((v) => ((v >> top) & 1n) === 1n);
    const stones = piles[pile];
    const wanted = values[pile] ^ sum;
    const forbidden = new Set(forbiddenTargets(S, stones));
    const holders = positionsOf(S, wanted, stones);
    for (let i = holders.length - 1; i >= 0; i--) {
      if (!forbidden.has(holders[i])) return [pile, stones - holders[i]];
    }
    throw new Error("mex: a value below g(A) is reachable from A");
  }

  function canMove(S, stones) {
    return BigInt(forbiddenTargets(S, stones).length) < stones;
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
  const timing = { firstDrawn: null, lastDrawMs: null, solveMs: null, draws: 0 };

  function useGame(game, { share = true, message = "" } = {}) {
    const started = performance.now();
    S = solve(game);
    timing.solveMs = performance.now() - started;
    fitView();
    renderVerdict();
    renderLists();
    $("game-text").value = game.moves.length <= 20000 ? gameText(game) : "";
    if (share) shareGame(game);
    startPlay(game.piles);
    draw();
    if (message) $("edit-message").textContent = message;
  }

  const LINK_MOST = 1000000;

  /** The game in the page's address: #piles=5,9,14&forbidden=3-3,8-8 */
  function shareGame(game) {
    const hash = `#piles=${game.piles.join(",")}&forbidden=${game.moves.map(([x, y]) => `${x}-${y}`).join(",")}`;
    if (hash.length > LINK_MOST) {
      $("edit-message").textContent = "This game is too large for the page's address: a link would not carry it.";
      return;
    }
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
        `Takahashi's leaves a nim-sum other than 0 (${S.game.piles.length} piles, ` +
        `${S.game.moves.length} forbidden moves).`;
      return;
    }
    el.dataset.winner = "Takahashi";
    const [pile, take] = winningMove(S, S.game.piles, S.values);
    const stones = S.game.piles[pile];
    el.textContent = `Takahashi wins: the nim-sum of the piles' Grundy values is ${sum} ` +
      `(${binary(sum, width)} in binary), not 0; a winning move: ` +
      `${moveWords(pile, take, stones, S.values[pile], grundy(S, stones - take))}.`;
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
    if (S.special.length) { see(S.special[0]); see(S.special[S.special.length - 1]); }
    for (const a of S.game.piles) see(a);
    if (least === null) least = 0n;
    let span = most - least;
    span += span / 8n + 8n;
    let lo = least - span / 16n;
    if (lo < 0n || lo < span) lo = 0n;
    view.lo = lo;
    view.span = most + span / 16n + 4n - lo;
    clampView();
    view.cursor = S.game.piles.length ? S.game.piles[0] : view.lo;
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
    const dxOf = (h, l) => (h - loH) * TWO32 + (l - loL);
    const xAt = (dx) => MARGIN.left + (dx / spanF) * plotW;
    const gLo = grundy(S, lo);
    const gH = hi32(gLo), gL = lo32(gLo);
    const k0 = breakpointIndex(S, lo), k1 = breakpointIndex(S, hi);
    // Each segment in view: its start and end as offsets (x from lo, y from g(lo)).
    const count = k1 - k0 + 1;
    const sx = new Float64Array(count), sy = new Float64Array(count), ex = new Float64Array(count);
    let yMin = Infinity, yMax = -Infinity;
    for (let k = k0, i = 0; k <= k1; k++, i++) {
      const x0 = k === k0 ? 0 : dxOf(S.Ph[k], S.Pl[k]);
      const y0 = k === k0 ? 0 : (S.Vh[k] - gH) * TWO32 + (S.Vl[k] - gL);
      const x1 = k < k1 ? dxOf(S.Ph[k + 1], S.Pl[k + 1]) - 1 : spanF;
      sx[i] = x0; sy[i] = y0; ex[i] = x1;
      if (y0 < yMin) yMin = y0;
      if (y0 + (x1 - x0) > yMax) yMax = y0 + (x1 - x0);
    }
    // Plain Nim's g = n, which lies lo - g(lo) above g at lo: beside g when that is near.
    const gap = lo - gLo;
    const gapF = Number(gap);
    const diagonal = gapF <= spanF;
    const curveMin = yMin, curveMax = yMax;
    if (diagonal) yMax = Math.max(yMax, gapF + spanF);
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
    ctx.beginPath();
    for (let i = 0; i < count; i++) {
      const xa = xAt(sx[i]), xb = xAt(ex[i]);
      const ya = yAt(sy[i]), yb = yAt(sy[i] + (ex[i] - sx[i]));
      if (few || xb - xa >= 2) {
        ctx.moveTo(xa, ya);
        ctx.lineTo(Math.max(xb, xa + 0.5), yb);
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
    const strip = MARGIN.top + plotH - 8;
    const sa = countBelow(S.specialH, S.specialL, lo), sb = countBelow(S.specialH, S.specialL, hi + 1n);
    const sFew = sb - sa <= MOST_MARKS;
    for (let s = sa; s < sb; s++) {
      const drop = S.drops[s] === 1;
      if (drop) marks.drops++; else marks.stays++;
      const x = xAt(dxOf(S.specialH[s], S.specialL[s]));
      if (sFew) {
        const y = yAt(Number(grundy(S, S.special[s]) - gLo));
        if (drop) triangle(ctx, x, y, c.drop); else diamond(ctx, x, y, c.stay);
      } else {
        ctx.fillStyle = drop ? c.drop : c.stay;
        ctx.fillRect(x - 0.5, drop ? strip - 8 : strip - 16, 1.5, 7);
      }
    }
    const pa = countBelow(S.pileH, S.pileL, lo), pb = countBelow(S.pileH, S.pileL, hi + 1n);
    const pFew = pb - pa <= MOST_MARKS;
    for (let i = pa; i < pb; i++) {
      marks.piles++;
      const a = S.game.piles[S.pileOrder[i]];
      const x = xAt(dxOf(S.pileH[i], S.pileL[i]));
      ctx.fillStyle = c.pile;
      if (pFew) {
        const y = yAt(Number(grundy(S, a) - gLo));
        ctx.fillRect(x - 4, y - 4, 8, 8);
      } else {
        ctx.fillRect(x - 0.5, strip, 1.5, 7);
      }
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
    // The scale's ends, and g's own least and largest value in view.
    const gMin = gLo + BigInt(Math.round(curveMin));
    const gMax = gLo + BigInt(Math.round(curveMax));
    ctx.textAlign = "left";
    ctx.textBaseline = "bottom";
    ctx.fillText(`g from ${gMin}`, MARGIN.left, MARGIN.top - 4);
    ctx.textAlign = "right";
    ctx.fillText(`to ${gMax} in view`, MARGIN.left + plotW, MARGIN.top - 4);
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
      const next = k + 1 < S.P.length ? `up to ${S.P[k + 1] - 1n}` : "from there on";
      items.push(`g(${S.P[k]}) = ${S.V[k]}, then one more a stone ${next}`);
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
      const near = (list, h, l) => {
        const i = countBelow(h, l, n);
        for (const j of [i - 1, i]) {
          if (j < 0 || j >= list.length) continue;
          const px = Math.abs(layout.xAt(layout.dxOf(h[j], l[j])) - x);
          if (px <= 6 && (best === null || px < best[0])) best = [px, list[j]];
        }
      };
      near(S.special, S.specialH, S.specialL);
      near(S.pileOrder.map((i) => S.game.piles[i]), S.pileH, S.pileL);
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
    $("play-log").append(li);
    li.scrollIntoView({ block: "nearest" });
  }

  function startPlay(piles) {
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
    const move = winningMove(S, play.piles, play.values) || anyMove(S, play.piles);
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
    const move = winningMove(S, play.piles, play.values);
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
    const piles = game.piles.slice(0, SHOWN_ITEMS).map((a, i) =>
      item(`pile ${i + 1}: ${plural(a, "stone")}`, `Remove pile ${i + 1}`, () => edit((g) => { g.piles.splice(i, 1); }, `Pile ${i + 1} removed.`)));
    const moves = game.moves.slice(0, SHOWN_ITEMS).map(([x, y], i) =>
      item(`from ${x}, taking ${y}`, `Allow taking ${y} from ${x} again`, () => edit((g) => { g.moves.splice(i, 1); }, `Taking ${y} from ${x} is allowed again.`)));
    const more = (list, length, what) => {
      if (length > SHOWN_ITEMS) {
        const li = document.createElement("li");
        li.textContent = `… and ${length - SHOWN_ITEMS} more ${what} (type one above to remove it, or edit the text)`;
        list.push(li);
      }
      return list;
    };
    $("pile-list").replaceChildren(...more(piles, game.piles.length, "piles"));
    $("move-list").replaceChildren(...more(moves, game.moves.length, "forbidden moves"));
  }

  function edit(change, message) {
    const game = { piles: S.game.piles.slice(), moves: S.game.moves.slice() };
    change(game);
    useGame(game, { message });
  }

  function findMove(x, y) {
    return S.game.moves.findIndex(([a, b]) => a === x && b === y);
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
    $("new-game").addEventListener("click", () => startPlay(S.game.piles));
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
      edit((g) => g.piles.push(a), `A pile of ${plural(a, "stone")} added.`);
    }, $("edit-message")));
    const readMove = () => {
      const x = readNumber($("forbid-x"), "X"), y = readNumber($("forbid-y"), "Y");
      if (y < 1n || y > x) throw new Error(`Y = ${y} must be from 1 to X = ${x}`);
      return [x, y];
    };
    $("forbid-form").addEventListener("submit", guarded(() => {
      const [x, y] = readMove();
      if (findMove(x, y) >= 0) throw new Error(`taking ${y} from ${x} is already forbidden`);
      edit((g) => g.moves.push([x, y]), `Taking ${y} from ${x} is forbidden now.`);
    }, $("edit-message")));
    $("forbid-remove").addEventListener("click", guarded(() => {
      const [x, y] = readMove();
      const i = findMove(x, y);
      if (i < 0) throw new Error(`taking ${y} from ${x} is not forbidden`);
      edit((g) => {
        for (let j = g.moves.length - 1; j >= 0; j--) if (g.moves[j][0] === x && g.moves[j][1] === y) g.moves.splice(j, 1);
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
        breakpoints: solved.P.map((p, k) => `${p} ${solved.V[k]}`),
        values: solved.values.map(String),
        winner: solved.nimSum === 0n ? "Aoki" : "Takahashi",
      };
    },
    whyText(text, n) {
      return whyText(whyFacts(solve(parseGame(text)), BigInt(n)));
    },
    gameText: () => gameText(S.game),
    view: () => ({ lo: String(view.lo), span: String(view.span), cursor: String(view.cursor) }),
    zoom(times) { for (let i = 0; i < times; i++) { zoom(1n, 2n, view.cursor); draw(); } return timing.lastDrawMs; },
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
  if (!first) first = parseGame(document.getElementById("game").textContent);
  useGame(first, { share: fromAddress, message });
  showWhy(view.cursor);
})();
