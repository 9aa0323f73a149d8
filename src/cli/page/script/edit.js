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
  const seen = new Set();
  for (let i = 0; i < Math.min(m, SHOWN_ITEMS); i++) {
    const [x, y] = moveOf(game, i);
    // A move listed twice counts once, as the tool reads it; allowed again, it goes from
    // every line that lists it.
    const again = seen.has(`${x} ${y}`) ? " (listed before: it counts once)" : "";
    seen.add(`${x} ${y}`);
    moves.push(item(`from ${x}, taking ${y}${again}`, `Allow taking ${y} from ${x} again`,
      () => removeMove(x, y)));
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

/** The forbidden move (x, y) allowed again: every line that lists it goes. */
function removeMove(x, y) {
  const found = findMove(x, y);
  if (!found.length) throw new Error(`taking ${y} from ${x} is not forbidden`);
  edit((g) => {
    for (const j of found.reverse()) for (const name of ["xh", "xl", "yh", "yl"]) g[name].splice(j, 1);
  }, `Taking ${y} from ${x} is allowed again` +
    (found.length > 1 ? ` (it was listed ${found.length} times).` : "."));
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

