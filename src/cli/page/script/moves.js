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

