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

