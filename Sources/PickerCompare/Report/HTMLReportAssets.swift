/// The HTML report's style sheet and script, written into the page itself so that it needs no other file.
enum HTMLReportAssets {
    static let style = """
        [hidden] { display: none !important; }
        body { font: 14px/1.4 system-ui, sans-serif; margin: 0 1.5em 1.5em; color: #1c1c1e; background: #fff; }
        header h1 { font-size: 1.3em; margin: 0.6em 0 0.2em; }
        header p { margin: 0.2em 0; }
        code { font: 13px ui-monospace, monospace; }
        table { border-collapse: collapse; margin: 0.4em 0; }
        th, td { border: 1px solid #d1d1d6; padding: 0.15em 0.5em; text-align: left; }
        th { font-weight: 500; color: #636366; } td.count { text-align: right; font-weight: 600; }
        .verdict { font-size: 1.1em; font-weight: 600; }
        .verdict.match { color: #248a3d; } .verdict.differences, .verdict.nothing-compared { color: #d70015; }
        .muted { color: #636366; }
        .toolbar { position: sticky; top: 0; z-index: 2; background: #fff; padding: 0.5em 0; border-bottom: 1px solid #d1d1d6; }
        .toolbar label { margin-left: 0.8em; white-space: nowrap; }
        #filter { width: 16em; font: inherit; padding: 0.2em 0.4em; }
        .badge { background: #d70015; color: #fff; border-radius: 4px; padding: 0 0.4em; font-size: 0.75em; font-weight: 600; vertical-align: 0.1em; }
        .size-changed .badge { background: #c93400; } .added .badge { background: #0071a4; } .removed .badge { background: #8e8e93; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 0.8em; margin: 0.8em 0 1.5em; }
        .card { border: 1px solid #d1d1d6; border-radius: 8px; padding: 0.5em; }
        .card a { color: inherit; text-decoration: none; display: block; }
        .card:hover { border-color: #0071a4; }
        .card h2 { font-size: 1em; margin: 0.3em 0 0.1em; overflow-wrap: anywhere; }
        .card .finding { margin: 0; font-size: 0.85em; color: #3a3a3c; }
        .thumbs { display: grid; grid-template-columns: repeat(3, 1fr); gap: 0.3em; }
        .thumbs img, .thumbs .none { display: block; width: 100%; height: 84px; object-fit: contain; }
        figure { margin: 0; } figcaption, h3 { font-size: 0.8em; font-weight: 600; color: #636366; margin: 0.1em 0; }
        .none { display: flex; align-items: center; justify-content: center; color: #8e8e93; border: 1px dashed #c7c7cc; min-height: 40px; min-width: 60px; }
        img { border: 1px solid #d1d1d6; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        section.spec { border-top: 1px solid #d1d1d6; padding-top: 0.5em; margin-top: 1.5em; content-visibility: auto; contain-intrinsic-size: auto 900px; }
        section.spec h2 { font-size: 1.1em; margin: 0.2em 0; }
        .review { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
        .player, .views { display: flex; flex-wrap: wrap; gap: 0.8em; align-items: flex-start; }
        .player img, .views img { max-width: 420px; height: auto; }
        .controls { flex-basis: 100%; display: flex; gap: 0.6em; align-items: center; }
        .controls .scrub { flex: 1; }
        .stack { position: relative; display: inline-block; }
        .stack img.top { position: absolute; left: 0; top: 0; }
        .stack img.wipe { clip-path: inset(0 50% 0 0); }
        .stack img.fade { opacity: 0.5; }
        .view input[type=range] { display: block; width: 100%; }
        .strip { list-style: none; padding: 0 0 0.5em; margin: 0.3em 0; display: flex; gap: 0.4em; overflow-x: auto; }
        .strip .entry { flex: none; }
        .entry button { font: inherit; text-align: left; background: #fff; border: 1px solid #d1d1d6; border-radius: 6px; padding: 0.3em; cursor: pointer; display: grid; grid-template-columns: auto auto; gap: 0.2em; }
        .entry img { height: 48px; width: auto; max-width: 140px; }
        .entry .label, .entry .figures { grid-column: 1 / -1; font-size: 0.75em; }
        .entry .label { font-weight: 600; } .entry .figures { color: #636366; max-width: 280px; }
        .entry.match button { opacity: 0.6; } .entry.hold button { border-style: double; border-width: 3px; }
        .entry.selected button { border-color: #0071a4; box-shadow: 0 0 0 2px #0071a4; }
        """

    static let script = #"""
        (() => {
          const cards = [...document.querySelectorAll('article.card')];
          const sections = [...document.querySelectorAll('section.spec')];
          const filter = document.getElementById('filter');
          const toggles = [...document.querySelectorAll('input.status-toggle')];
          const shown = document.getElementById('shown');
          const matches = (element, query, statuses) =>
            (query === '' || element.dataset.name.toLowerCase().includes(query)) &&
            element.dataset.statuses.split(' ').some((status) => statuses.has(status));
          const applyFilter = () => {
            const query = filter.value.trim().toLowerCase();
            const statuses = new Set(toggles.filter((toggle) => toggle.checked).map((toggle) => toggle.value));
            let count = 0;
            for (const card of cards) {
              card.hidden = !matches(card, query, statuses);
              if (!card.hidden) count += 1;
            }
            for (const section of sections) section.hidden = !matches(section, query, statuses);
            shown.textContent = count;
          };
          if (filter) {
            filter.addEventListener('input', applyFilter);
            for (const toggle of toggles) toggle.addEventListener('change', applyFilter);
          }

          for (const view of document.querySelectorAll('.view')) {
            const range = view.querySelector('input');
            const update = () => {
              const top = view.querySelector('img.top');
              if (!top) return;
              if (range.classList.contains('slider')) top.style.clipPath = 'inset(0 ' + (100 - range.value) + '% 0 0)';
              else top.style.opacity = range.value / 100;
            };
            range.addEventListener('input', update);
            update();
          }

          const setPicture = (image, url) => {
            if (!image) return;
            image.hidden = !url;
            const blank = image.parentElement.querySelector('.none');
            if (blank) blank.hidden = Boolean(url);
            if (url && image.getAttribute('src') !== url) image.src = url;
          };
          // Each section plays its frames while it is on screen, at the times their names give (else the rate), and
          // builds its strip when it comes near the screen.
          const players = 'IntersectionObserver' in window ? new IntersectionObserver((seen) => {
            for (const entry of seen) entry.target.reel.visible(entry.isIntersecting);
          }) : null;
          const strips = 'IntersectionObserver' in window ? new IntersectionObserver((seen) => {
            for (const entry of seen) if (entry.isIntersecting) entry.target.reel.build();
          }, { rootMargin: '600px 0px' }) : null;
          for (const section of sections) {
            const data = JSON.parse(section.querySelector('script.frames').textContent);
            const count = data.clock.length;
            const location = (kind, index) => {
              const [path, flags] = data.frames[index];
              const bit = kind === 'expected' ? 1 : kind === 'actual' ? 2 : 4;
              return flags & bit ? 'files/' + kind + '/' + path : null;
            };
            const player = section.querySelector('.player');
            const scrub = player.querySelector('input.scrub');
            const clock = player.querySelector('.clock');
            const button = player.querySelector('button.play');
            const strip = section.querySelector('ol.strip');
            let frame = Number(scrub.value);
            let timer = null;
            let held = false;
            const show = (index) => {
              frame = index;
              setPicture(player.querySelector('img.play-expected'), location('expected', index));
              setPicture(player.querySelector('img.play-actual'), location('actual', index));
              scrub.value = index;
              clock.textContent = data.clock[index];
              player.dataset.frame = index;
            };
            const delay = (index) => {
              const now = data.times[index], next = data.times[index + 1];
              return now !== null && next !== null && next > now ? (next - now) * 1000 : 1000 / data.fps;
            };
            const tick = () => {
              show((frame + 1) % count);
              timer = setTimeout(tick, delay(frame));
            };
            const play = () => {
              if (timer === null && count > 1) timer = setTimeout(tick, delay(frame));
              button.textContent = 'Pause';
              player.dataset.playing = 'yes';
            };
            const stop = () => {
              clearTimeout(timer);
              timer = null;
              button.textContent = 'Play';
              player.dataset.playing = 'no';
            };
            let selected = frame;
            const markSelected = () => {
              for (const item of strip.children) {
                const first = Number(item.dataset.frame);
                item.classList.toggle('selected', selected >= first && selected < first + Number(item.dataset.count));
              }
            };
            // A frame chosen in the strip or with the scrubber: the slider and onion skin show it, playing stops.
            const select = (index) => {
              held = true;
              stop();
              show(index);
              selected = index;
              for (const image of section.querySelectorAll('.views img.view-expected')) setPicture(image, location('expected', index));
              for (const image of section.querySelectorAll('.views img.view-actual')) setPicture(image, location('actual', index));
              for (const label of section.querySelectorAll('.views .view-clock')) label.textContent = data.clock[index];
              markSelected();
            };
            const thumb = (kind, index) => {
              const image = document.createElement('img');
              image.src = location(kind, index);
              image.alt = kind;
              image.loading = 'lazy';
              image.decoding = 'async';
              return image;
            };
            // One entry per hold: frames with the same expected and actual pictures are shown once.
            const build = () => {
              if (strip.dataset.built) return;
              strip.dataset.built = 'yes';
              const items = data.holds.map(([first, length, status, label, figures]) => {
                const item = document.createElement('li');
                item.className = 'entry ' + status + (length > 1 ? ' hold' : '');
                item.dataset.frame = first;
                item.dataset.count = length;
                const choose = document.createElement('button');
                choose.type = 'button';
                const picture = location('actual', first) ? 'actual' : location('expected', first) ? 'expected' : null;
                if (picture) choose.append(thumb(picture, first));
                if (location('diff', first)) choose.append(thumb('diff', first));
                for (const [name, text] of [['label', label], ['figures', figures]]) {
                  const span = document.createElement('span');
                  span.className = name;
                  span.textContent = text;
                  choose.append(span);
                }
                choose.addEventListener('click', () => select(first));
                item.append(choose);
                return item;
              });
              strip.append(...items);
              markSelected();
            };
            button.addEventListener('click', () => {
              if (timer === null) { held = false; play(); } else { held = true; stop(); }
            });
            scrub.addEventListener('input', () => select(Number(scrub.value)));
            section.reel = { visible: (on) => { if (on && !held) play(); else if (!on) stop(); }, build };
            if (players) { players.observe(section); strips.observe(section); } else build();
          }
          document.body.dataset.ready = 'yes';
        })();
        """#
}
