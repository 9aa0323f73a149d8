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
  const notice = share ? shareGame(game) : "";
  startPlay(game.ph.length <= PLAY_MOST ? Array.from(game.ph, (h, i) => pileOf(game, i)) : null);
  phase("lists and play");
  draw();
  phase("draw");
  const words = [message, notice].filter((w) => w).join(" ");
  if (words) $("edit-message").textContent = words;
}

/** The most piles and forbidden moves together that the address carries (and the text shows). */
const LINK_MOST_ITEMS = 20000;
/** The most piles the board plays. */
const PLAY_MOST = 1000;

/** The game in the page's address: #piles=5,9,14&forbidden=3-3,8-8. Past LINK_MOST_ITEMS the
 * address holds no game (a reload opens the page's own): the words that say so. */
function shareGame(game) {
  if (game.ph.length + game.xh.length > LINK_MOST_ITEMS) {
    try {
      history.replaceState(null, "", location.pathname + location.search);
    } catch (e) {
      location.hash = "";
    }
    return `This game has more than ${LINK_MOST_ITEMS} piles and forbidden moves: the page's ` +
      `address does not carry it (a reload opens the page's own game).`;
  }
  const piles = Array.from(game.ph, (h, i) => pileOf(game, i));
  const moves = Array.from(game.xh, (h, i) => moveOf(game, i).join("-"));
  const hash = `#piles=${piles.join(",")}&forbidden=${moves.join(",")}`;
  try {
    history.replaceState(null, "", hash);
  } catch (e) {
    location.hash = hash;
  }
  return "";
}

/** The game the page's address holds (`null`: none); an address that is not one such game,
 * whatever its order of parts, is an error that says what is wrong in it. */
function gameFromAddress() {
  const hash = location.hash.replace(/^#/, "");
  if (hash === "") return null;
  // An empty part (a trailing or doubled `&`) says nothing.
  const parts = hash.split("&").filter((part) => part !== "");
  if (parts.length === 0) return null;
  const named = {};
  for (const part of parts) {
    const at = part.indexOf("=");
    const name = at < 0 ? part : part.slice(0, at);
    if (name !== "piles" && name !== "forbidden") throw new Error(`"${name.slice(0, 40)}" is not piles= or forbidden=`);
    if (name in named) throw new Error(`${name}= is given twice`);
    named[name] = at < 0 ? "" : part.slice(at + 1);
  }
  if (!("piles" in named)) throw new Error("it has no piles=");
  // Counted before anything is read: a list past the page's bounds is refused at once.
  for (const [name, what] of [["piles", "piles"], ["forbidden", "forbidden moves"]]) {
    let commas = 0;
    for (let at = (named[name] || "").indexOf(","); at >= 0; at = named[name].indexOf(",", at + 1)) commas++;
    if (commas >= 1000000) throw new Error(`the page holds at most 10^6 ${what}`);
  }
  const list = (name) => (named[name] || "").split(",").filter((s) => s !== "");
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

/** The game's size as `--explain` says it: a move listed twice counts once, and is said so. */
function gameWords() {
  const listed = S.game.xh.length, distinct = S.starts[S.starts.length - 1];
  return `${plural(S.game.ph.length, "pile")}, ${plural(listed, "forbidden move")}` +
    (distinct !== listed ? ` (${distinct} distinct)` : "");
}

function renderVerdict() {
  const sum = S.nimSum;
  const el = $("verdict");
  const width = Math.max(bitLength(sum), 1);
  if (sum === 0n) {
    el.dataset.winner = "Aoki";
    el.textContent = `Aoki wins: the nim-sum of the piles' Grundy values is 0, so every move of ` +
      `Takahashi's leaves a nim-sum other than 0. The game: ${gameWords()}.`;
    return;
  }
  el.dataset.winner = "Takahashi";
  const valueAt = (i) => big(S.valueH[i], S.valueL[i]);
  const [pile, take] = winningMove(S, S.game.ph.length, (i) => pileOf(S.game, i), valueAt, sum);
  const stones = pileOf(S.game, pile);
  el.textContent = `Takahashi wins: the nim-sum of the piles' Grundy values is ${sum} ` +
    `(${binary(sum, width)} in binary), not 0; a winning move: ` +
    `${moveWords(pile, take, stones, valueAt(pile), grundy(S, stones - take))}. The game: ${gameWords()}.`;
}

