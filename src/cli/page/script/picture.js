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
  // The cursor stays in view: the keys move, zoom around and explain what is shown.
  if (view.cursor < view.lo || view.cursor > view.lo + view.span) view.cursor = view.lo + view.span / 2n;
}

/** The range that holds the special points and the piles, with a margin. */
function fitView() {
  let least = null, most = 0n;
  const see = (v) => { if (least === null || v < least) least = v; if (v > most) most = v; };
  const specials = S.specialH.length;
  if (specials) { see(big(S.specialH[0], S.specialL[0])); see(big(S.specialH[specials - 1], S.specialL[specials - 1])); }
  const piles = S.pileH.length;
  if (piles) { see(big(S.pileH[0], S.pileL[0])); see(big(S.pileH[piles - 1], S.pileL[piles - 1])); }
  if (least === null) least = 0n;
  let span = most - least;
  span += span / 8n + 8n;
  let lo = least - span / 16n;
  if (lo < 0n || lo < span) lo = 0n;
  view.lo = lo;
  view.span = most + span / 16n + 4n - lo;
  clampView();
  view.cursor = S.game.ph.length ? pileOf(S.game, 0) : view.lo;
}

function colours() {
  const css = getComputedStyle(document.documentElement);
  const get = (name) => css.getPropertyValue(name).trim();
  return { paper: get("--paper"), g: get("--g"), nim: get("--nim"), drop: get("--drop"), stay: get("--stay"), pile: get("--pile"), ink: get("--ink"), focus: get("--focus") };
}

let drawQueued = false;
function redraw() {
  if (drawQueued) return;
  drawQueued = true;
  requestAnimationFrame(() => { drawQueued = false; draw(); });
}

const scratch = {
  sx: new Float64Array(0), sy: new Float64Array(0), ex: new Float64Array(0),
  dots: new Uint8Array(0), layer: document.createElement("canvas"),
};

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
  const dxOf = (h, l) => (h - loH) * W32 + (l - loL);
  const xAt = (dx) => MARGIN.left + (dx / spanF) * plotW;
  const gLo = grundy(S, lo);
  const gH = hi32(gLo), gL = lo32(gLo);
  const k0 = breakpointIndex(S, lo), k1 = breakpointIndex(S, hi);
  // Each segment in view: its start and end as offsets (x from lo, y from g(lo)).
  const count = k1 - k0 + 1;
  // Reused from draw to draw: a zoom redraws often, and fresh arrays of a contest-size game's
  // segments at every step kept the garbage collector busy.
  if (scratch.sx.length < count) {
    scratch.sx = new Float64Array(count);
    scratch.sy = new Float64Array(count);
    scratch.ex = new Float64Array(count);
  }
  const { sx, sy, ex } = scratch;
  let yMin = Infinity, yMax = -Infinity, kMin = k0, kMax = k0, lineMin = Infinity;
  for (let k = k0, i = 0; k <= k1; k++, i++) {
    const x0 = k === k0 ? 0 : dxOf(S.Ph[k], S.Pl[k]);
    const y0 = k === k0 ? 0 : (S.Vh[k] - gH) * W32 + (S.Vl[k] - gL);
    const x1 = k < k1 ? dxOf(S.Ph[k + 1], S.Pl[k + 1]) - 1 : spanF;
    sx[i] = x0; sy[i] = y0; ex[i] = x1;
    if (y0 < yMin) { yMin = y0; kMin = k; }
    if (y0 + (x1 - x0) > yMax) { yMax = y0 + (x1 - x0); kMax = k; }
    if ((x1 > x0 || k === k0) && y0 < lineMin) lineMin = y0;
  }
  // g's least and largest value in view, exact: the start of one segment, the end of one.
  const gMin = kMin === k0 ? gLo : valueAtIndex(S, kMin);
  const gMax = grundy(S, kMax < k1 ? positionAtIndex(S, kMax + 1) - 1n : hi);
  // Plain Nim's g = n, which lies lo - g(lo) above g at lo: beside g when that is near.
  const gap = lo - gLo;
  const gapF = Number(gap);
  const diagonal = gapF <= spanF;
  if (diagonal) yMax = Math.max(yMax, gapF + spanF);
  // Where positions crowd, the height shows the rising runs (segments longer than one
  // position); a drop below them is a dot on the picture's floor, and the words count them.
  const crowded = view.span > 160n && count > 2 * plotW;
  const floorMin = yMin;
  if (crowded && lineMin > yMin && lineMin < yMax) yMin = lineMin;
  if (yMax - yMin < 4) yMax = yMin + 4;
  const yPad = (yMax - yMin) * 0.04;
  const yBottom = yMin - yPad, yTop = yMax + yPad;
  const yAt = (dy) => MARGIN.top + plotH - ((dy - yBottom) / (yTop - yBottom)) * plotH;
  // The value axis's ticks: a round step over the values the height spans, one tick at most
  // every 30 pixels, exact (BigInt) at any height.
  const vLo = gLo + BigInt(Math.ceil(yBottom)), vHi = gLo + BigInt(Math.floor(yTop));
  const vStep = roundStep(vHi - vLo, Math.max(1, Math.floor(plotH / 30)));
  const valueTicks = [];
  for (let t = (((vLo < 0n ? 0n : vLo) + vStep - 1n) / vStep) * vStep; t <= vHi; t += vStep) {
    valueTicks.push([t, yAt(Number(t - gLo))]);
  }
  layout = { plotW, plotH, spanF, lo, hi, gLo, xAt, yAt, dxOf, W, H, labels: { n: [], g: [] } };

  ctx.save();
  ctx.beginPath();
  ctx.rect(MARGIN.left, MARGIN.top, plotW, plotH);
  ctx.clip();
  ctx.strokeStyle = "#e6e6e6";
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const [, y] of valueTicks) { ctx.moveTo(MARGIN.left, y); ctx.lineTo(MARGIN.left + plotW, y); }
  ctx.stroke();
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
  // Where positions crowd, a drop (a segment of one position) is a dot of its own, not part
  // of its column's extent: a drop far below the line would paint the column solid.
  const dotsWide = Math.ceil(plotW), dotsHigh = Math.ceil(plotH);
  let dots = null;
  ctx.beginPath();
  for (let i = 0; i < count; i++) {
    const xa = xAt(sx[i]), xb = xAt(ex[i]);
    const ya = yAt(sy[i]), yb = yAt(sy[i] + (ex[i] - sx[i]));
    if (few || xb - xa >= 2) {
      ctx.moveTo(xa, ya);
      ctx.lineTo(Math.max(xb, xa + 0.5), yb);
    } else if (ex[i] === sx[i] && i > 0) {
      if (!dots) {
        if (scratch.dots.length < dotsWide * dotsHigh) scratch.dots = new Uint8Array(dotsWide * dotsHigh);
        dots = scratch.dots.subarray(0, dotsWide * dotsHigh);
        dots.fill(0);
      }
      const col = Math.min(dotsWide - 1, Math.max(0, Math.floor(xa - MARGIN.left)));
      const row = Math.min(dotsHigh - 1, Math.max(0, Math.floor(ya - MARGIN.top)));
      dots[row * dotsWide + col] = 1;
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
  if (dots) {
    const image = new ImageData(dotsWide, dotsHigh);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(c.drop.slice(i, i + 2), 16));
    for (let i = 0; i < dots.length; i++) {
      if (dots[i]) image.data.set([r, g, b, 255], 4 * i);
    }
    const layer = scratch.layer;
    layer.width = dotsWide;
    layer.height = dotsHigh;
    layer.getContext("2d").putImageData(image, 0, 0);
    ctx.drawImage(layer, MARGIN.left, MARGIN.top, dotsWide, dotsHigh);
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
  // Where marks crowd, a strip at the bottom: a tick a pixel column that holds any.
  const strip = MARGIN.top + plotH - 8;
  const columns = Math.ceil(plotW) + 1;
  const crowd = { drop: new Uint8Array(columns), stay: new Uint8Array(columns), pile: new Uint8Array(columns) };
  const column = (x) => Math.min(columns - 1, Math.max(0, Math.floor(x - MARGIN.left)));
  const sa = countBelow(S.specialH, S.specialL, lo), sb = countBelow(S.specialH, S.specialL, hi + 1n);
  const sFew = sb - sa <= MOST_MARKS;
  for (let s = sa; s < sb; s++) {
    const drop = S.drops[s] === 1;
    if (drop) marks.drops++; else marks.stays++;
    const x = xAt(dxOf(S.specialH[s], S.specialL[s]));
    if (sFew) {
      const y = yAt(Number(grundy(S, big(S.specialH[s], S.specialL[s])) - gLo));
      if (drop) triangle(ctx, x, y, c.drop); else diamond(ctx, x, y, c.stay);
    } else {
      (drop ? crowd.drop : crowd.stay)[column(x)] = 1;
    }
  }
  const pa = countBelow(S.pileH, S.pileL, lo), pb = countBelow(S.pileH, S.pileL, hi + 1n);
  const pFew = pb - pa <= MOST_MARKS;
  marks.piles = pb - pa;
  ctx.fillStyle = c.pile;
  for (let i = pa; i < pb; i++) {
    const x = xAt(dxOf(S.pileH[i], S.pileL[i]));
    if (pFew) {
      const y = yAt(Number(grundy(S, big(S.pileH[i], S.pileL[i])) - gLo));
      ctx.fillRect(x - 4, y - 4, 8, 8);
    } else {
      crowd.pile[column(x)] = 1;
    }
  }
  for (const [flags, colour, top] of [[crowd.drop, c.drop, strip - 8], [crowd.stay, c.stay, strip - 16], [crowd.pile, c.pile, strip]]) {
    ctx.fillStyle = colour;
    for (let col = 0; col < columns; col++) if (flags[col]) ctx.fillRect(MARGIN.left + col, top, 1, 7);
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
  const leftEnd = ctx.measureText(`n = ${lo}`).width, rightEnd = ctx.measureText(`${hi}`).width;
  const below = MARGIN.top + plotH + 4;
  ctx.fillText(`n = ${lo}`, MARGIN.left, below);
  layout.labels.n.push({ text: `n = ${lo}`, left: MARGIN.left, right: MARGIN.left + leftEnd, top: below, bottom: below + 14 });
  ctx.textAlign = "right";
  ctx.fillText(`${hi}`, MARGIN.left + plotW, below);
  layout.labels.n.push({ text: `${hi}`, left: MARGIN.left + plotW - rightEnd, right: MARGIN.left + plotW, top: below, bottom: below + 14 });
  // Ticks between the ends at a round step, labelled where a label has room beside the ends'
  // own.
  const step = roundStep(view.span, Math.max(1, Math.floor(plotW / (7 * String(hi).length + 24))));
  ctx.textAlign = "center";
  ctx.strokeStyle = "#777777";
  ctx.beginPath();
  for (let t = ((lo + step - 1n) / step) * step; t <= hi; t += step) {
    const x = xAt(Number(t - lo));
    ctx.moveTo(x, MARGIN.top + plotH);
    ctx.lineTo(x, MARGIN.top + plotH + 4);
    const half = ctx.measureText(`${t}`).width / 2 + 16;
    if (x - MARGIN.left > leftEnd + half && MARGIN.left + plotW - x > rightEnd + half) {
      ctx.fillText(`${t}`, x, below);
      layout.labels.n.push({ text: `${t}`, left: x - half + 16, right: x + half - 16, top: below, bottom: below + 14 });
    }
  }
  ctx.stroke();
  // The value axis: a tick at the left edge, its value just above it inside the frame on the
  // paper's colour, where it clears the frame's top and the strip of crowded marks.
  ctx.textAlign = "left";
  ctx.textBaseline = "bottom";
  ctx.beginPath();
  for (const [t, y] of valueTicks) {
    ctx.moveTo(MARGIN.left, y);
    ctx.lineTo(MARGIN.left + 6, y);
    const text = `${t}`, width = ctx.measureText(text).width;
    if (y - 16 < MARGIN.top || y > MARGIN.top + plotH - 28) continue;
    ctx.fillStyle = c.paper;
    ctx.globalAlpha = 0.85;
    ctx.fillRect(MARGIN.left + 3, y - 15, width + 4, 14);
    ctx.globalAlpha = 1;
    ctx.fillStyle = c.ink;
    ctx.fillText(text, MARGIN.left + 5, y - 1);
    layout.labels.g.push({ text, left: MARGIN.left + 5, right: MARGIN.left + 5 + width, top: y - 15, bottom: y - 1, y });
  }
  ctx.stroke();
  ctx.textAlign = "left";
  ctx.textBaseline = "bottom";
  fitText(ctx, `g in view: ${gMin} to ${gMax}`, MARGIN.left, MARGIN.top - 4, plotW);
  ctx.textBaseline = "top";
  ctx.textAlign = "left";
  if (cursorWords) fitText(ctx, cursorWords, MARGIN.left, MARGIN.top + plotH + 22, plotW);

  $("from").value = String(lo);
  $("to").value = String(hi);
  const nimWords = diagonal
    ? `Plain Nim's g = n is drawn dashed, ${gap} above g at n = ${lo}.`
    : `Plain Nim's g = n lies ${gap} above g here, off the picture.`;
  const text = `Showing n from ${lo} to ${hi}: g goes from ${gMin} to ${gMax}. ` +
    `In view: ${plural(marks.drops + marks.stays, "special point")} (${plural(marks.drops, "drop")}, ` +
    `${marks.stays} staying on the rising line) and ${plural(marks.piles, "pile")}. ${nimWords}` +
    (dots && marks.drops > 1 ? " The drops crowd here: each pixel that holds one is a dot of their colour." : "") +
    (floorMin < yMin ? ` The picture's height shows the rising runs; drops to lower values, down to ${gMin}, are dots on its floor.` : "") +
    (cursorWords ? ` The ${cursorWords}.` : "");
  $("plot-text").textContent = text;
  canvas.setAttribute("aria-label", `The graph of g(n). ${text}`);
  listBreakpoints(k0, k1);
  timing.lastDrawMs = performance.now() - started;
  timing.draws++;
  if (timing.firstDrawn === null) timing.firstDrawn = performance.now();
}

/** The least of 1, 2 and 5 times a power of ten that cuts `span` in at most `most` steps. */
function roundStep(span, most) {
  const parts = BigInt(most);
  let step = 1n;
  for (let base = 1n, i = 0; span / step > parts; i = (i + 1) % 3) {
    step = base * [2n, 5n, 10n][i];
    if (i === 2) base *= 10n;
  }
  return step;
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

/** Writes `text` at (x, y) within `width` pixels, never cut: in a smaller font where it is
 * too wide (down to 9 px), and pressed to the width past that. */
function fitText(ctx, text, x, y, width) {
  for (let size = 12; size >= 9; size--) {
    ctx.font = `${size}px system-ui, sans-serif`;
    if (ctx.measureText(text).width <= width) break;
  }
  ctx.fillText(text, x, y, width);
  ctx.font = "12px system-ui, sans-serif";
}

function listBreakpoints(k0, k1) {
  const list = $("breakpoints");
  const items = [];
  const last = Math.min(k1, k0 + 39);
  for (let k = k0; k <= last; k++) {
    const next = k + 1 < S.Ph.length ? `up to ${positionAtIndex(S, k + 1) - 1n}` : "from there on";
    items.push(`g(${positionAtIndex(S, k)}) = ${valueAtIndex(S, k)}, then one more per stone ${next}`);
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
    const near = (h, l) => {
      const i = countBelow(h, l, n);
      for (const j of [i - 1, i]) {
        if (j < 0 || j >= h.length) continue;
        const px = Math.abs(layout.xAt(layout.dxOf(h[j], l[j])) - x);
        if (px <= 6 && (best === null || px < best[0])) best = [px, big(h[j], l[j])];
      }
    };
    near(S.specialH, S.specialL);
    near(S.pileH, S.pileL);
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

