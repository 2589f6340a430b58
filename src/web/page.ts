import { createHash } from 'node:crypto';

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The HTML shell of the web app, with its style; `js` is the bundled app (a classic script). Its
 * Content-Security-Policy allows only that script and style (by hash) and requests to its own
 * server: the page cannot reach the network, whatever a record or a bot holds.
 */
export function pageHtml(js: string): string {
  // The bundle goes inline: a "</script" inside it would end the element early.
  const script = js.replace(/<\/(script)/gi, '<\\/$1');
  const policy = `default-src 'none'; script-src ${sha256(script)}; style-src ${sha256(CSS)}; connect-src 'self'; img-src data:`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card-game lab: watch, play and get advice</title>
<link rel="icon" href="data:,">
<style>${CSS}</style>
</head>
<body>
<header><h1>Card-game lab</h1><nav><a href="#replay" id="nav-replay">Watch a replay</a><a href="#play" id="nav-play">Play</a><a href="#advise" id="nav-advise">Advisor</a></nav></header>
<main id="app"><noscript>This page needs JavaScript.</noscript></main>
<script>${script}</script>
</body>
</html>
`;
}

const CSS = `
:root { --green: #2e7d32; --red: #c62828; --ink: #222; --muted: #666; --line: #ddd; --card: #fffdf5; --me: #e3f2fd; }
* { box-sizing: border-box; }
body { font-family: 'DejaVu Sans', system-ui, sans-serif; margin: 0; color: var(--ink); background: #f6f6f3; }
header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 1rem; padding: 0.6rem 1rem; background: #24323f; color: #fff; }
header h1 { font-size: 1.1rem; margin: 0; }
nav a { color: #cfe3f7; margin-right: 1rem; text-decoration: none; }
nav a.active { color: #fff; text-decoration: underline; }
main { max-width: 72rem; margin: 0 auto; padding: 0.8rem; }
.panel { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 0.7rem; margin-bottom: 0.8rem; }
.row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.muted { color: var(--muted); font-size: 0.85rem; }
.error { color: var(--red); font-weight: bold; }
button { font: inherit; padding: 0.35rem 0.7rem; border: 1px solid #999; border-radius: 4px; background: #fafafa; cursor: pointer; min-height: 2.2rem; }
button.primary { background: #24323f; color: #fff; border-color: #24323f; }
button:disabled { opacity: 0.45; cursor: default; }
select, input { font: inherit; padding: 0.25rem; }
input[type=range] { flex: 1; min-width: 8rem; }
.drop { border: 2px dashed #aaa; border-radius: 6px; padding: 0.7rem; text-align: center; color: var(--muted); }
.drop.over { border-color: #24323f; background: #eef3f8; }
.seats { display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 0.6rem; }
.seat { border: 1px solid var(--line); border-radius: 6px; padding: 0.5rem; background: #fff; }
.seat.current { border-color: #24323f; box-shadow: 0 0 0 2px #24323f33; }
.seat.me { background: var(--me); }
.seat.winner .name::after { content: ' \\2605 winner'; color: #b8860b; }
.seat .name { font-weight: bold; }
.seat .stats { font-size: 0.85rem; margin: 0.2rem 0; }
.cards { display: flex; flex-wrap: wrap; gap: 0.25rem; align-items: center; min-height: 2rem; }
.run { display: inline-flex; gap: 1px; padding: 2px; border-radius: 4px; background: #e8e4d8; }
.card { display: inline-flex; flex-direction: column; align-items: center; justify-content: center; min-width: 1.9rem; height: 2.5rem; padding: 0 0.2rem; border: 1px solid #888; border-radius: 4px; background: var(--card); font-weight: bold; font-size: 0.9rem; }
.card.counts { border-color: #000; border-width: 2px; }
.card.big { min-width: 3.6rem; height: 4.8rem; font-size: 1.6rem; }
.card.green { background: #e8f5e9; color: var(--green); border-color: var(--green); font-size: 0.7rem; }
.card.red { background: #ffebee; color: var(--red); border-color: var(--red); font-size: 0.7rem; }
.card.back { background: repeating-linear-gradient(45deg, #456 0 4px, #567 4px 8px); color: #fff; }
.card.played { outline: 3px solid #f9a825; }
.card .heads { font-size: 0.6rem; color: #8e24aa; font-weight: normal; }
button.card { cursor: pointer; }
button.card:hover:not(:disabled) { outline: 3px solid #1976d2; }
.chips { display: inline-block; background: #fbc02d; color: #000; border-radius: 999px; padding: 0 0.5rem; font-weight: bold; font-size: 0.85rem; }
.center { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
.nimmt-row { display: flex; gap: 0.3rem; align-items: center; margin: 0.25rem 0; flex-wrap: wrap; }
.nimmt-row .label { width: 5.5rem; font-size: 0.8rem; color: var(--muted); }
.caption { font-weight: bold; margin: 0.3rem 0; }
.log { position: relative; max-height: 14rem; overflow: auto; font-family: 'DejaVu Sans Mono', monospace; font-size: 0.78rem; white-space: pre; background: #fafafa; border: 1px solid var(--line); padding: 0.4rem; }
.log .now { background: #fff3c4; }
#win-graph { width: 100%; max-width: 720px; height: auto; display: block; }
#win-graph .marker { cursor: pointer; }
table.values { border-collapse: collapse; margin: 0.2rem 0 0.6rem; font-size: 0.85rem; }
table.values td, table.values th { padding: 0.1rem 0.6rem; text-align: left; border-bottom: 1px solid var(--line); }
table.values tr.played { font-weight: bold; }
.decision.mark-inaccuracy b { color: #9a7d0a; }
.decision.mark-mistake b { color: #ca6f1e; }
.decision.mark-blunder b { color: #c0392b; }
.log div { cursor: pointer; }
.actions { display: flex; flex-wrap: wrap; gap: 0.4rem; margin-top: 0.5rem; }
.events { font-size: 0.85rem; max-height: 10rem; overflow: auto; }
table.result { border-collapse: collapse; }
table.result td, table.result th { border-bottom: 1px solid var(--line); padding: 0.2rem 0.5rem; text-align: left; }
.relay-table { margin: 0.4rem 0; padding-left: 1.2rem; }
code { font-family: 'DejaVu Sans Mono', monospace; font-size: 0.85rem; background: #f0f0ea; padding: 0 0.2rem; }
.hidden-info { font-size: 0.8rem; color: #6a1b9a; }
@media (max-width: 600px) { main { padding: 0.4rem; } .seats { grid-template-columns: 1fr; } .card.big { min-width: 3rem; height: 4rem; font-size: 1.3rem; } }
`;
