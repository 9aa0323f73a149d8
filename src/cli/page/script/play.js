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

