// The page's script, in parts: each file of src/cli/page/script/ is a room of one scope,
// put together in order by src/cli/page/mod.rs inside one function (no global but nimPage).
const CONFIG = JSON.parse(document.getElementById("words").textContent);
const WORDS = CONFIG.words;
const TOP = (1n << 64n) - 1n;
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

