// captions review: the page of a ReviewSession (Specs/review-server.md). No library, no network
// but this server: every request carries the token (the X-Review-Token header here; the
// session's cookie for the <video>, <track> and <img> the browser loads itself).
'use strict';

const token = new URLSearchParams(location.search).get('token') || '';
const $ = (id) => document.getElementById(id);
const video = $('video');
const overlay = $('overlay');
let trackIndex = 0;
let draftSequence = 0;  // the newest draft request (older answers are dropped)
let draftTimer = null;

const review = {
  state: null,        // the server's view of the track: captions, scenes, findings
  working: [],        // the captions as edited here: {index, startFrame, endFrame, text, row, region}
  undo: [],
  redo: [],
  selected: 0,
  scene: -1,          // the scene whose overlay is shown
  overlayTime: null,  // the media time the overlay was chosen for
  draft: null,        // the server's drawing of the unsaved edits: {id, scenes}, null when none
  draftPending: 0,    // draft requests on their way
};
window.review = review;

function api(path, options = {}) {
  const headers = Object.assign({ 'X-Review-Token': token }, options.headers || {});
  return fetch(path, Object.assign({}, options, { headers, cache: 'no-store' }));
}

function setStatus(text) { $('status').textContent = text; }

// Frames at the track's rate (rate.frames / rate.seconds frames a second).
function frameDuration() { return review.state.rate.seconds / review.state.rate.frames; }
function timeOfFrame(frame) { return frame * review.state.rate.seconds / review.state.rate.frames; }
function frameAt(time) { return Math.floor(time * review.state.rate.frames / review.state.rate.seconds + 1e-6); }
function timecode(frame) {
  const nominal = Math.round(review.state.rate.frames / review.state.rate.seconds);
  const ff = frame % nominal, total = Math.floor(frame / nominal);
  const pad = (n) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}:${pad(ff)}`;
}

async function loadState() {
  const response = await api(`/tracks/${trackIndex}/state`);
  if (!response.ok) throw new Error(`state: ${response.status} ${await response.text()}`);
  adopt(await response.json());
}

function adopt(state) {
  review.state = state;
  review.working = state.captions.map((c) => ({
    index: c.index, startFrame: c.startFrame, endFrame: c.endFrame, text: c.text, row: c.row, region: c.regionID,
  }));
  review.draft = null;
  draftSequence += 1;
  review.undo = [];
  review.redo = [];
  review.scene = -1;
  review.selected = Math.min(review.selected, Math.max(0, review.working.length - 1));
  $('file').textContent = `${state.file} (${state.format})`;
  $('vtt').src = `/tracks/${trackIndex}/captions.vtt?r=${state.revision}`;
  render();
  updateOverlay(video.currentTime);
}

function duration() {
  const last = review.working.reduce((m, c) => Math.max(m, timeOfFrame(c.endFrame)), 0);
  return Math.max(isFinite(video.duration) ? video.duration : 0, last, 0.001);
}

function render() {
  const list = $('captions');
  list.replaceChildren();
  const lane = $('lane-captions');
  lane.replaceChildren();
  const total = duration();
  review.working.forEach((c, i) => {
    const original = review.state.captions[i];
    const item = document.createElement('li');
    item.dataset.index = i;
    const tc = document.createElement('span');
    tc.className = 'tc';
    tc.textContent = `${timecode(c.startFrame)}–${timecode(c.endFrame)}`;
    item.append(tc, document.createTextNode(c.text));
    // Where it is: the saved place, or the edited row or region, not saved yet.
    const moved = c.row !== original.row ? `row ${c.row} (unsaved)` : (c.region !== original.regionID ? `${c.region} (unsaved)` : null);
    if (original.region || moved) {
      const region = document.createElement('span');
      region.className = 'region';
      region.textContent = moved || original.region;
      item.append(region);
    }
    if (c.startFrame !== original.startFrame || c.endFrame !== original.endFrame || c.text !== original.text
        || c.row !== original.row || c.region !== original.regionID) {
      item.classList.add('edited');
    }
    if (i === review.selected) item.classList.add('selected');
    item.addEventListener('click', () => { select(i); seek(timeOfFrame(c.startFrame)); });
    list.append(item);
    const block = document.createElement('div');
    block.className = 'block';
    block.dataset.index = i;
    block.style.left = `${100 * timeOfFrame(c.startFrame) / total}%`;
    block.style.width = `${100 * (timeOfFrame(c.endFrame) - timeOfFrame(c.startFrame)) / total}%`;
    block.title = c.text;
    lane.append(block);
  });
  const findings = $('findings');
  findings.replaceChildren();
  const markers = $('lane-findings');
  markers.replaceChildren();
  $('finding-count').textContent = `(${review.state.findings.length})`;
  review.state.findings.forEach((f, i) => {
    const item = document.createElement('li');
    item.className = `finding ${f.severity}`;
    item.dataset.finding = i;
    const rule = document.createElement('span');
    rule.className = 'rule';
    rule.textContent = f.rule;
    item.append(rule, document.createTextNode(f.message + (f.suggestion ? ` — ${f.suggestion}` : '')));
    if (f.shifts.length) {
      const apply = document.createElement('button');
      apply.type = 'button';
      apply.textContent = 'apply shift';
      apply.title = f.shifts.map((s) => `caption ${s.index + 1}: start ${s.startFrames >= 0 ? '+' : ''}${s.startFrames}, duration ${s.durationFrames >= 0 ? '+' : ''}${s.durationFrames} frames`).join('; ');
      apply.addEventListener('click', (event) => { event.stopPropagation(); applyShift(f); });
      item.append(apply);
    }
    item.addEventListener('click', () => {
      if (f.captions.length) select(f.captions[0]);
      if (f.time !== null && f.time !== undefined) seek(f.time);
    });
    findings.append(item);
    if (f.time !== null && f.time !== undefined) {
      const marker = document.createElement('div');
      marker.className = `marker ${f.severity}`;
      marker.style.left = `${100 * f.time / total}%`;
      marker.title = `${f.rule}: ${f.message}`;
      marker.addEventListener('click', (event) => { event.stopPropagation(); item.click(); });
      markers.append(marker);
    }
  });
  showEditor();
  highlight(video.currentTime);
}

function showEditor() {
  const c = review.working[review.selected];
  $('edit-number').textContent = c ? String(review.selected + 1) : '–';
  $('edit-start').value = c ? c.startFrame : '';
  $('edit-end').value = c ? c.endFrame : '';
  if (document.activeElement !== $('edit-text')) $('edit-text').value = c ? c.text : '';
  // The row of a caption on the CEA-608 grid; the region of a document with named regions.
  const hasRow = c && c.row !== null && c.row !== undefined;
  $('row-field').hidden = !hasRow;
  $('edit-row').value = hasRow ? c.row : '';
  const regions = review.state.regions || [];
  $('region-field').hidden = !c || !regions.length;
  const select = $('edit-region');
  if (select.options.length !== regions.length || regions.some((r, i) => select.options[i].value !== r)) {
    select.replaceChildren(...regions.map((r) => { const o = document.createElement('option'); o.value = r; o.textContent = r; return o; }));
  }
  select.value = c && c.region ? c.region : '';
}

function select(i) {
  review.selected = i;
  document.querySelectorAll('#captions li').forEach((li) => li.classList.toggle('selected', Number(li.dataset.index) === i));
  showEditor();
}

// Edits: each one keeps the captions it replaced for undo.
function edit(change) {
  const before = JSON.stringify(review.working);
  change(review.working);
  if (JSON.stringify(review.working) === before) return;
  review.undo.push(before);
  review.redo = [];
  render();
  requestDraft();
}
function restore(from, to) {
  if (!from.length) return;
  to.push(JSON.stringify(review.working));
  review.working = JSON.parse(from.pop());
  render();
  requestDraft();
}

// The overlays of unsaved edits: the working captions go to the server, which draws them as a
// draft (Specs/review-server.md, "Drafts"); an answer to an older request is dropped.
function requestDraft() {
  // One pending count per request actually sent: edits within the 100 ms share one.
  if (draftTimer === null) review.draftPending += 1;
  clearTimeout(draftTimer);
  draftTimer = setTimeout(() => { draftTimer = null; sendDraft(); }, 100);
}
async function sendDraft() {
  const sequence = ++draftSequence;
  const track = trackIndex;
  try {
    const response = await api(`/tracks/${track}/draft`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ captions: review.working }),
    });
    if (!response.ok) { setStatus(`not drawn: ${(await response.text()).trim()}`); return; }
    const answer = await response.json();
    if (sequence !== draftSequence || track !== trackIndex) return;
    review.draft = answer.draft == null ? null : { id: answer.draft, scenes: answer.scenes };
    review.scene = -1;
    updateOverlay(video.currentTime);
    if (!overlay.hidden && overlay.src) { try { await overlay.decode(); } catch (e) { /* shown as broken */ } }
  } catch (error) {
    setStatus(`not drawn: ${error}`);
  } finally {
    review.draftPending = Math.max(0, review.draftPending - 1);
  }
}
function nudge(field, frames) {
  edit((captions) => {
    const c = captions[review.selected];
    if (!c) return;
    const value = c[field] + frames;
    if (field === 'startFrame' && value >= 0 && value < c.endFrame) c.startFrame = value;
    if (field === 'endFrame' && value > c.startFrame) c.endFrame = value;
  });
}
function setAtPlayhead(field) {
  const frame = frameAt(video.currentTime);
  edit((captions) => {
    const c = captions[review.selected];
    if (!c) return;
    if (field === 'startFrame' && frame < c.endFrame) c.startFrame = frame;
    if (field === 'endFrame' && frame > c.startFrame) c.endFrame = frame;
  });
}
function applyShift(finding) {
  edit((captions) => {
    for (const s of finding.shifts) {
      const c = captions[s.index];
      if (!c) continue;
      c.startFrame = Math.max(0, c.startFrame + s.startFrames);
      c.endFrame = Math.max(c.startFrame + 1, c.endFrame + s.startFrames + s.durationFrames);
    }
  });
  setStatus('shift applied (not saved)');
}

async function save() {
  const body = { captions: review.working, overwrite: $('overwrite').checked };
  const name = $('save-as').value.trim();
  if (name) body.saveAs = name;
  setStatus('saving…');
  const response = await api(`/tracks/${trackIndex}/save`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!response.ok) {
    const reason = (await response.text()).trim();
    setStatus(`not saved: ${reason}`);
    return { ok: false, status: response.status, reason };
  }
  const answer = await response.json();
  $('overwrite').checked = false;
  $('save-as').value = '';
  adopt(answer.state);
  const errors = answer.state.findings.filter((f) => f.severity === 'error').length;
  setStatus(`saved ${answer.saved.file}: ${answer.state.findings.length} finding(s), ${errors} error(s)`);
  return { ok: true, status: response.status, file: answer.saved.file, edited: answer.saved.edited };
}

// Playback: the overlay of the scene at the frame shown, the current caption highlighted.
function scenes() { return review.draft ? review.draft.scenes : (review.state ? review.state.scenes : []); }
function sceneAt(time) {
  return scenes().findIndex((s) => s.start <= time + 1e-9 && time < s.end);
}
function updateOverlay(time) {
  if (!review.state) return;
  review.overlayTime = time;
  const index = sceneAt(time);
  const scene = scenes()[index];
  if (index === review.scene) return;
  review.scene = index;
  if (!scene || !scene.hasCaptions || !$('show-overlay').checked) {
    overlay.hidden = true;
    overlay.removeAttribute('src');
    return;
  }
  overlay.src = review.draft
    ? `/tracks/${trackIndex}/drafts/${review.draft.id}/scenes/${index}/overlay.png`
    : `/tracks/${trackIndex}/scenes/${index}/overlay.png?r=${review.state.revision}`;
  overlay.hidden = false;
}
function highlight(time) {
  if (!review.state) return;
  $('clock').textContent = timecode(frameAt(time));
  $('playhead').style.left = `${100 * time / duration()}%`;
  review.working.forEach((c, i) => {
    const on = timeOfFrame(c.startFrame) <= time && time < timeOfFrame(c.endFrame);
    const item = document.querySelector(`#captions li[data-index="${i}"]`);
    if (item) item.classList.toggle('current', on);
    const block = document.querySelector(`#lane-captions .block[data-index="${i}"]`);
    if (block) block.classList.toggle('current', on);
  });
}
function onFrame(time) { updateOverlay(time); highlight(time); }

// Seeks and resolves once the frame at `time` is shown with its overlay loaded.
review.seek = function seek(time) {
  return new Promise((resolve) => {
    const done = async () => {
      onFrame(video.currentTime);
      if (!overlay.hidden && overlay.src) { try { await overlay.decode(); } catch (e) { /* shown as broken */ } }
      resolve(video.currentTime);
    };
    video.addEventListener('seeked', done, { once: true });
    video.currentTime = Math.max(0, time);
  });
};
const seek = review.seek;
review.save = save;
review.track = () => trackIndex;
review.nudge = nudge;
review.select = select;

if ('requestVideoFrameCallback' in HTMLVideoElement.prototype) {
  const tick = (now, metadata) => { onFrame(metadata.mediaTime); video.requestVideoFrameCallback(tick); };
  video.requestVideoFrameCallback(tick);
}
video.addEventListener('timeupdate', () => onFrame(video.currentTime));
video.addEventListener('seeked', () => onFrame(video.currentTime));
video.addEventListener('loadedmetadata', () => { render(); });
video.addEventListener('error', () => {
  // A movie the server thought playable that this browser is not: say so rather than show nothing.
  setStatus('this browser cannot play the movie: start captions review with --proxy always for an H.264 preview');
});
video.addEventListener('play', () => { $('play').textContent = 'Pause'; });
video.addEventListener('pause', () => { $('play').textContent = 'Play'; });

$('timeline').addEventListener('click', (event) => {
  const box = $('timeline').getBoundingClientRect();
  seek(duration() * (event.clientX - box.left) / box.width);
});
$('play').addEventListener('click', () => { if (video.paused) video.play(); else video.pause(); });
$('back').addEventListener('click', () => seek(timeOfFrame(Math.max(0, frameAt(video.currentTime) - 1)) + 1e-4));
$('forward').addEventListener('click', () => seek(timeOfFrame(frameAt(video.currentTime) + 1) + 1e-4));
$('show-overlay').addEventListener('change', () => { review.scene = -1; updateOverlay(video.currentTime); });
$('sound').addEventListener('change', () => { video.muted = !$('sound').checked; });
$('show-vtt').addEventListener('change', () => {
  video.textTracks[0].mode = $('show-vtt').checked ? 'showing' : 'hidden';
});
$('set-in').addEventListener('click', () => setAtPlayhead('startFrame'));
$('set-out').addEventListener('click', () => setAtPlayhead('endFrame'));
$('start-earlier').addEventListener('click', () => nudge('startFrame', -1));
$('start-later').addEventListener('click', () => nudge('startFrame', 1));
$('end-earlier').addEventListener('click', () => nudge('endFrame', -1));
$('end-later').addEventListener('click', () => nudge('endFrame', 1));
$('edit-start').addEventListener('change', () => {
  const v = Number($('edit-start').value);
  if (Number.isInteger(v)) nudge('startFrame', v - review.working[review.selected].startFrame);
});
$('edit-end').addEventListener('change', () => {
  const v = Number($('edit-end').value);
  if (Number.isInteger(v)) nudge('endFrame', v - review.working[review.selected].endFrame);
});
$('edit-row').addEventListener('change', () => {
  const v = Number($('edit-row').value);
  if (Number.isInteger(v) && v >= 1 && v <= 15) edit((captions) => { captions[review.selected].row = v; });
});
$('edit-region').addEventListener('change', () => {
  const v = $('edit-region').value;
  if (v) edit((captions) => { captions[review.selected].region = v; });
});
$('edit-text').addEventListener('change', () => {
  const text = $('edit-text').value;
  if (text.length) edit((captions) => { captions[review.selected].text = text; });
});
$('undo').addEventListener('click', () => restore(review.undo, review.redo));
$('redo').addEventListener('click', () => restore(review.redo, review.undo));
$('save').addEventListener('click', () => save());

document.addEventListener('keydown', (event) => {
  const typing = ['INPUT', 'TEXTAREA'].includes(document.activeElement.tagName);
  const key = event.key;
  if ((event.ctrlKey || event.metaKey) && key.toLowerCase() === 's') { event.preventDefault(); save(); return; }
  if ((event.ctrlKey || event.metaKey) && key.toLowerCase() === 'z' && !typing) {
    event.preventDefault();
    if (event.shiftKey) restore(review.redo, review.undo); else restore(review.undo, review.redo);
    return;
  }
  if ((event.ctrlKey || event.metaKey) && key.toLowerCase() === 'y' && !typing) { event.preventDefault(); restore(review.redo, review.undo); return; }
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  const actions = {
    ' ': () => $('play').click(), ',': () => $('back').click(), '.': () => $('forward').click(),
    'i': () => setAtPlayhead('startFrame'), 'o': () => setAtPlayhead('endFrame'),
    '[': () => nudge('startFrame', -1), ']': () => nudge('startFrame', 1),
    '{': () => nudge('endFrame', -1), '}': () => nudge('endFrame', 1),
  };
  if (actions[key]) { event.preventDefault(); actions[key](); }
});

// Another tab may have saved: take the saved state when this one comes back, unless it has
// edits of its own.
window.addEventListener('focus', () => { if (!review.undo.length) loadState().catch((e) => setStatus(String(e))); });

// The movie, or the preview the server makes of one the browser cannot play: the page waits
// for it, saying how far it has got (Specs/review-server.md, "Proxy").
async function movieSource(session) {
  let proxy = session.proxy || { state: 'none' };
  while (proxy.state === 'making') {
    setStatus(`making a preview the browser can play… ${Math.floor(100 * (proxy.fraction || 0))} %`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    proxy = (await (await api('/session')).json()).proxy;
  }
  if (proxy.state === 'failed') throw new Error(`no preview of the movie: ${proxy.reason}`);
  review.proxy = proxy.state === 'ready';
  return review.proxy ? '/proxy' : '/movie';
}

async function start() {
  const session = await (await api('/session')).json();
  if (session.width && session.height) {
    video.width = session.width;
    video.height = session.height;
  }
  for (const [index, name] of (session.tracks || []).entries()) {
    const option = document.createElement('option');
    option.value = String(index);
    option.textContent = name;
    $('track').append(option);
  }
  $('track').addEventListener('change', () => {
    if (review.undo.length && !window.confirm('Leave this file\'s unsaved edits?')) {
      $('track').value = String(trackIndex);
      return;
    }
    trackIndex = Number($('track').value);
    review.selected = 0;
    loadState().catch((error) => setStatus(String(error)));
  });
  await loadState();
  video.src = await movieSource(session);
  video.textTracks[0].mode = 'hidden';
  review.ready = true;
  setStatus('ready');
}
start().catch((error) => setStatus(`cannot load: ${error}`));
