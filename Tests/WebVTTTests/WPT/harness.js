// Runs web-platform-tests WebVTT file-parsing pages (the inline script of each .html) in Node
// against our parser's results, with just enough of the DOM and testharness.js for those
// scripts: <video>/<track> elements whose load or error events carry the cues and regions that
// WebVTTParser produced (passed in as JSON), document.styleSheets, and the assert_* functions.
// Each page runs in a fresh context (node:vm). Arguments: one JSON file per page. Prints one
// JSON line per test: {"page", "name", "status": "PASS"|"FAIL", "message"}.
'use strict';
const fs = require('fs');
const vm = require('vm');

function runPage(input) {
const g = {};
const results = [];
function report(name, status, message) { results.push({ name, status, message: message || '' }); }

function sameValue(a, b) {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a !== a && b !== b) return true;            // NaN
    if (a === 0 && b === 0) return 1 / a === 1 / b; // +0 and -0 differ
  }
  return a === b;
}
function fail(message) { const e = new Error(message); e.assertion = true; throw e; }
function describe(v) { return typeof v === 'string' ? JSON.stringify(v) : String(v); }
g.assert_equals = (actual, expected, message) => {
  if (!sameValue(actual, expected)) fail(`${message || 'assert_equals'}: expected ${describe(expected)} but got ${describe(actual)}`);
};
g.assert_not_equals = (actual, expected, message) => {
  if (sameValue(actual, expected)) fail(`${message || 'assert_not_equals'}: got disallowed value ${describe(actual)}`);
};
g.assert_true = (v, message) => { if (v !== true) fail(`${message || 'assert_true'}: expected true got ${describe(v)}`); };
g.assert_false = (v, message) => { if (v !== false) fail(`${message || 'assert_false'}: expected false got ${describe(v)}`); };
g.assert_unreached = (message) => fail(`reached unreachable code: ${message || ''}`);

class Test {
  constructor(name) { this.name = name; this.finished = false; this.failed = false; }
  run(fn, self, args) {
    if (this.finished) return;
    try { return fn.apply(self === undefined ? this : self, args); }
    catch (e) { this.failed = true; this.finished = true; report(this.name, 'FAIL', e.message); }
  }
  step(fn, self, ...args) { return this.run(fn, self, args); }
  step_func(fn, self) { const t = this; return function (...args) { return t.run(fn, self === undefined ? t : self, args); }; }
  step_func_done(fn, self) {
    const t = this;
    return function (...args) { t.run(fn, self === undefined ? t : self, args); t.done(); };
  }
  done() { if (!this.finished) { this.finished = true; report(this.name, 'PASS'); } }
}
const tests = [];
g.async_test = (a, b) => {
  const fn = typeof a === 'function' ? a : null;
  const name = typeof a === 'string' ? a : (b || g.document.title);
  const t = new Test(name);
  tests.push(t);
  if (fn) t.step(fn, t, t);
  return t;
};
g.done = () => {};
g.getVideoURI = (base) => base + '.webm';
g.CSSRule = { STYLE_RULE: 1 };

// The style rules of a style sheet: each top-level "selector { … }", comments removed. CSS
// parsing is not WebVTT's; this is only what the tests ask of cssRules (count, type, selector).
function cssRules(text) {
  const rules = [];
  const src = text.replace(/\/\*[\s\S]*?\*\//g, '');
  let depth = 0, start = 0;
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '{') { if (depth === 0) rules.push({ type: 1, selectorText: src.slice(start, i).trim() }); depth++; }
    else if (src[i] === '}') { depth--; if (depth === 0) start = i + 1; }
  }
  return rules;
}

const tracks = [];
function element(tag) {
  const el = { tagName: tag.toUpperCase(), children: [], parentNode: null, textTracks: [] };
  el.appendChild = (child) => { child.parentNode = el; el.children.push(child); return child; };
  if (tag === 'track') { el.src = ''; tracks.push(el); }
  return el;
}
g.document = {
  title: input.title || '',
  createElement: element,
  body: element('body'),
  styleSheets: [],
};

function load(track) {
  const data = input.tracks[track.src];
  if (!data) { report('harness', 'FAIL', 'no parse result for ' + track.src); return; }
  if (!data.ok) { if (track.onerror) track.onerror({ type: 'error', target: track }); return; }
  const regions = data.regions.map((r) => Object.assign({}, r));
  const cues = data.cues.map((c) => Object.assign({}, c, { region: c.region === null ? null : regions[c.region] }));
  track.track = { cues, regions };
  if (track.parentNode) track.parentNode.textTracks = [track.track];
  for (const sheet of data.styleSheets) g.document.styleSheets.push({ cssRules: cssRules(sheet) });
  if (track.onload) track.onload({ type: 'load', target: track });
}

try {
  vm.runInNewContext(input.script, g);
} catch (e) {
  report('harness', 'FAIL', 'script error: ' + e.message);
}
for (const track of tracks) load(track);
for (const t of tests) if (!t.finished) report(t.name, 'FAIL', 'test did not finish');
return results;
}

for (const file of process.argv.slice(2)) {
  const input = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const r of runPage(input)) console.log(JSON.stringify(Object.assign({ page: input.page }, r)));
}
