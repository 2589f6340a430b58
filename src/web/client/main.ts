/// <reference lib="dom" />
import { advisePage } from './advise.js';
import { playPage } from './play.js';
import { replayPage } from './replay.js';

/**
 * The web app (bundled by src/web/build.ts, whose entry registers the games' views and then calls
 * startPage): three views by the address's fragment, #replay (optionally #record=<a game record,
 * URI-encoded>, the link report.html uses), #play and #advise.
 */
function route(): void {
  const root = document.getElementById('app')!;
  const hash = location.hash;
  const play = hash.startsWith('#play');
  const advise = hash.startsWith('#advise');
  document.getElementById('nav-play')!.classList.toggle('active', play);
  document.getElementById('nav-advise')!.classList.toggle('active', advise);
  document.getElementById('nav-replay')!.classList.toggle('active', !play && !advise);
  if (advise) advisePage(root);
  else if (play) {
    playPage(root, (record) => {
      // The finished game into the viewer, without putting it in the address.
      history.pushState(null, '', '#replay');
      replayPage(root, JSON.stringify(record), 'the game you just played');
      document.getElementById('nav-play')!.classList.remove('active');
      document.getElementById('nav-replay')!.classList.add('active');
    });
  } else {
    let record: string | undefined;
    if (hash.startsWith('#record=')) {
      try {
        record = decodeURIComponent(hash.slice('#record='.length));
      } catch {
        record = '';
      }
    }
    replayPage(root, record);
  }
}

export function startPage(): void {
  window.addEventListener('hashchange', route);
  route();
}
