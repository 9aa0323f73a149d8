// ---------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------

function guarded(action, where) {
  return (event) => {
    if (event) event.preventDefault();
    try {
      if (where && where.classList.contains("error")) where.textContent = "";
      if (where) where.classList.remove("error");
      action(event);
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
  // An address changed by hand in an open page: its game, or why it is none.
  window.addEventListener("hashchange", () => {
    try {
      const game = gameFromAddress();
      if (game) useGame(game, { share: false, message: "The game in the address is in use." });
      else $("edit-message").textContent = "The address holds no game; the game shown stays.";
    } catch (e) {
      $("edit-message").textContent = `The game in the address is not a game (${e.message}); the game shown stays.`;
    }
  });
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
  $("forbid-remove").addEventListener("click", guarded(() => removeMove(...readMove()), $("edit-message")));
  $("text-form").addEventListener("submit", guarded(() => {
    useGame(parseGame($("game-text").value), { message: "The game from the text is in use." });
  }, $("edit-message")));
}

// ---------------------------------------------------------------------------------------
// Start
// ---------------------------------------------------------------------------------------

/** The breakpoints, the piles' values and the winner of a solved game, as text. */
function answers(solved) {
  return {
    breakpoints: Array.from(solved.Ph, (h, k) => `${positionAtIndex(solved, k)} ${valueAtIndex(solved, k)}`),
    values: Array.from(solved.valueH, (h, i) => String(big(h, solved.valueL[i]))),
    winner: solved.nimSum === 0n ? "Aoki" : "Takahashi",
  };
}

/** What the tests read: the same functions the page runs, on any game. */
window.nimPage = {
  timing,
  solveText(text) {
    return answers(solve(parseGame(text)));
  },
  /** The game the page shows, as solveText answers. */
  shown: () => answers(S),
  whyText(text, n) {
    return whyText(whyFacts(solve(parseGame(text)), BigInt(n)));
  },
  /** Why at n in the game the page shows, and how long it took (ms). */
  whyShown(n) {
    const started = performance.now();
    const text = whyText(whyFacts(S, BigInt(n)));
    return { text, ms: performance.now() - started };
  },
  gameText: () => gameText(S.game),
  view: () => ({ lo: String(view.lo), span: String(view.span), cursor: String(view.cursor) }),
  zoom(times) { for (let i = 0; i < times; i++) { zoom(1n, 2n, view.cursor); draw(); } return timing.lastDrawMs; },
  draw() { draw(); return timing.lastDrawMs; },
  /** The picture's labels as drawn: each axis's text and its box on the canvas. */
  labels: () => layout.labels,
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
const asking = performance.now();
showWhy(view.cursor);
timing.phases.why = performance.now() - asking;

