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
        .environment { font-weight: 600; color: #a05a00; }
        .verdict.match { color: #248a3d; } .verdict.differences, .verdict.nothing-compared { color: #d70015; }
        .muted { color: #636366; }
        .toolbar { position: sticky; top: 0; z-index: 2; background: #fff; padding: 0.5em 0; border-bottom: 1px solid #d1d1d6; }
        .toolbar label { margin-left: 0.8em; white-space: nowrap; }
        #filter { width: 16em; font: inherit; padding: 0.2em 0.4em; }
        .badge { background: #d70015; color: #fff; border-radius: 4px; padding: 0 0.4em; font-size: 0.75em; font-weight: 600; vertical-align: 0.1em; }
        .size-changed .badge { background: #c93400; } .added .badge { background: #0071a4; } .removed .badge { background: #8e8e93; } .renamed .badge { background: #5856d6; }
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
          const specs = JSON.parse(document.getElementById('specs').textContent);
          const grid = document.getElementById('grid');
          const sectionList = document.getElementById('sections');
          const more = document.getElementById('more');
          const filter = document.getElementById('filter');
          const toggles = [...document.querySelectorAll('input.status-toggle')];
          const shown = document.getElementById('shown');

          // Elements are made with text and attributes, never from markup: names cannot inject anything.
          const make = (tag, attributes = {}, children = []) => {
            const element = document.createElement(tag);
            for (const [name, value] of Object.entries(attributes)) {
              if (value !== null && value !== undefined && value !== false) element.setAttribute(name, value === true ? '' : value);
            }
            for (const child of children) element.append(child);
            return element;
          };
          const pictureURL = (spec, kind, index) => {
            const [path, flags] = spec.frames[index];
            const bit = kind === 'expected' ? 1 : kind === 'actual' ? 2 : 4;
            return flags & bit ? 'files/' + kind + '/' + path : null;
          };
          // An image that loads only near the screen, with its size so the page does not jump; hidden when missing.
          const picture = (url, size, alt, className) => make('img', {
            class: className || null, src: url, alt, width: size ? size[0] : null, height: size ? size[1] : null,
            loading: 'lazy', decoding: 'async', hidden: !url,
          });
          const figure = (label, url, size, alt, className) => make('figure', {}, [
            picture(url, size, alt, className), make('div', { class: 'none', hidden: Boolean(url) }, ['none']),
            make('figcaption', {}, [label]),
          ]);
          const setPicture = (image, url) => {
            if (!image) return;
            image.hidden = !url;
            const blank = image.parentElement.querySelector('.none');
            if (blank) blank.hidden = Boolean(url);
            if (url && image.getAttribute('src') !== url) image.src = url;
          };

          const card = (spec, index) => {
            const frame = spec.selected;
            const thumbs = [['expected', spec.expectedSize], ['actual', spec.actualSize], ['diff', spec.actualSize]]
              .map(([kind, size]) => figure(kind, pictureURL(spec, kind, frame), size, kind + ' of ' + spec.name));
            const link = make('a', { href: '#spec-' + index }, [
              make('div', { class: 'thumbs' }, thumbs),
              make('h2', {}, [make('span', { class: 'badge' }, [spec.word]), ' ', make('code', {}, [spec.name])]),
              make('p', { class: 'finding' }, [spec.finding]),
            ]);
            link.addEventListener('click', (event) => { event.preventDefault(); reveal(index); });
            return make('article', {
              class: 'card ' + spec.status, 'data-name': spec.name, 'data-statuses': spec.statuses,
              'data-rank': spec.rank, 'data-largest': spec.largest,
            }, [link]);
          };

          // Each section plays its frames while it is on screen, at the times their names give (else the rate), and
          // builds its strip when it comes near the screen.
          const players = 'IntersectionObserver' in window ? new IntersectionObserver((seen) => {
            for (const entry of seen) entry.target.reel.visible(entry.isIntersecting);
          }) : null;
          const strips = 'IntersectionObserver' in window ? new IntersectionObserver((seen) => {
            for (const entry of seen) if (entry.isIntersecting) entry.target.reel.build();
          }, { rootMargin: '600px 0px' }) : null;

          const section = (spec, index) => {
            const count = spec.clock.length;
            const at = (kind, frame) => pictureURL(spec, kind, frame);
            let frame = spec.selected;
            const playExpected = picture(at('expected', frame), spec.expectedSize, 'expected animation', 'play-expected');
            const playActual = picture(at('actual', frame), spec.actualSize, 'actual animation', 'play-actual');
            const button = make('button', { type: 'button', class: 'play', disabled: count < 2 }, ['Play']);
            const scrub = make('input', { type: 'range', class: 'scrub', min: 0, max: count - 1, value: frame, 'aria-label': 'frame' });
            const clock = make('span', { class: 'clock' }, [spec.clock[frame]]);
            const wrap = (image, label) => make('figure', {}, [image, make('div', { class: 'none', hidden: !image.hidden }, ['none']), make('figcaption', {}, [label])]);
            const player = make('div', { class: 'player' }, [
              wrap(playExpected, 'expected'), wrap(playActual, 'actual'),
              make('div', { class: 'controls' }, [button, scrub, clock]),
            ]);
            const view = (title, className, topClass) => {
              const range = make('input', { type: 'range', class: className, min: 0, max: 100, value: 50,
                'aria-label': className === 'slider' ? 'slider position' : 'expected opacity' });
              const top = picture(at('expected', frame), spec.expectedSize, 'expected', 'top ' + topClass + ' view-expected');
              const update = () => {
                if (className === 'slider') top.style.clipPath = 'inset(0 ' + (100 - range.value) + '% 0 0)';
                else top.style.opacity = range.value / 100;
              };
              range.addEventListener('input', update);
              update();
              return make('div', { class: 'view' }, [
                make('h3', {}, [title + ', ', make('span', { class: 'view-clock' }, [spec.clock[frame]])]),
                make('div', { class: 'stack' }, [picture(at('actual', frame), spec.actualSize, 'actual', 'view-actual'), top]),
                range,
              ]);
            };
            const views = make('div', { class: 'views' }, [
              view('Slider: expected ◀ ▶ actual', 'slider', 'wipe'), view('Onion skin: expected over actual', 'onion', 'fade'),
            ]);
            const strip = make('ol', { class: 'strip' });
            const element = make('section', { id: 'spec-' + index, class: 'spec ' + spec.status, 'data-name': spec.name, 'data-statuses': spec.statuses }, [
              make('h2', {}, [make('span', { class: 'badge' }, [spec.word]), ' ', make('code', {}, [spec.name])]),
              make('p', { class: 'finding' }, [spec.finding]),
              make('div', { class: 'review' }, [player, views]),
              make('h3', {}, ['Frames']), strip,
            ]);

            let timer = null;
            let held = false;
            let selected = frame;
            const show = (index) => {
              frame = index;
              setPicture(playExpected, at('expected', index));
              setPicture(playActual, at('actual', index));
              scrub.value = index;
              clock.textContent = spec.clock[index];
              player.dataset.frame = index;
            };
            const delay = (index) => {
              const now = spec.times[index], next = spec.times[index + 1];
              return now !== null && next !== null && next > now ? (next - now) * 1000 : 1000 / spec.fps;
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
              for (const image of views.querySelectorAll('img.view-expected')) setPicture(image, at('expected', index));
              for (const image of views.querySelectorAll('img.view-actual')) setPicture(image, at('actual', index));
              for (const label of views.querySelectorAll('.view-clock')) label.textContent = spec.clock[index];
              markSelected();
            };
            // One entry per hold: frames with the same expected and actual pictures are shown once.
            const build = () => {
              if (strip.dataset.built) return;
              strip.dataset.built = 'yes';
              strip.append(...spec.holds.map(([first, length, status, label, figures]) => {
                const thumbs = [];
                const main = at('actual', first) ? 'actual' : at('expected', first) ? 'expected' : null;
                if (main) thumbs.push(picture(at(main, first), null, main));
                if (at('diff', first)) thumbs.push(picture(at('diff', first), null, 'diff'));
                const choose = make('button', { type: 'button' }, [
                  ...thumbs, make('span', { class: 'label' }, [label]), make('span', { class: 'figures' }, [figures]),
                ]);
                choose.addEventListener('click', () => select(first));
                return make('li', { class: 'entry ' + status + (length > 1 ? ' hold' : ''), 'data-frame': first, 'data-count': length }, [choose]);
              }));
              markSelected();
            };
            player.dataset.frame = frame;
            button.addEventListener('click', () => {
              if (timer === null) { held = false; play(); } else { held = true; stop(); }
            });
            scrub.addEventListener('input', () => select(Number(scrub.value)));
            element.reel = { visible: (on) => { if (on && !held) play(); else if (!on) stop(); }, build };
            return element;
          };

          // The grid and the sections are drawn a page at a time as the reader scrolls: a report of thousands of
          // files opens as fast as one of ten. The filter chooses which specs are drawn.
          let chosen = specs.map((_, index) => index);
          let cardsDrawn = 0;
          let sectionsDrawn = 0;
          const drawNext = () => {
            if (cardsDrawn < chosen.length) {
              const end = Math.min(chosen.length, cardsDrawn + 24);
              grid.append(...chosen.slice(cardsDrawn, end).map((index) => card(specs[index], index)));
              cardsDrawn = end;
              return true;
            }
            if (sectionsDrawn < chosen.length) {
              const end = Math.min(chosen.length, sectionsDrawn + 4);
              for (const index of chosen.slice(sectionsDrawn, end)) {
                const element = section(specs[index], index);
                sectionList.append(element);
                if (players) { players.observe(element); strips.observe(element); } else element.reel.build();
              }
              sectionsDrawn = end;
              return true;
            }
            return false;
          };
          const fill = () => {
            while (more.getBoundingClientRect().top < innerHeight * 1.5 && drawNext()) {}
          };
          // A card's link: draw everything up to its section, then go there.
          const reveal = (index) => {
            const position = chosen.indexOf(index);
            while ((cardsDrawn < chosen.length || sectionsDrawn <= position) && drawNext()) {}
            const target = document.getElementById('spec-' + index);
            if (target) target.scrollIntoView();
          };
          const applyFilter = () => {
            const query = filter.value.trim().toLowerCase();
            const statuses = new Set(toggles.filter((toggle) => toggle.checked).map((toggle) => toggle.value));
            chosen = specs.map((_, index) => index).filter((index) =>
              (query === '' || specs[index].name.toLowerCase().includes(query)) &&
              specs[index].statuses.split(' ').some((status) => statuses.has(status)));
            for (const element of sectionList.children) if (players) { players.unobserve(element); strips.unobserve(element); element.reel.visible(false); }
            grid.replaceChildren();
            sectionList.replaceChildren();
            cardsDrawn = 0;
            sectionsDrawn = 0;
            shown.textContent = chosen.length;
            fill();
          };
          if (filter) {
            filter.addEventListener('input', applyFilter);
            for (const toggle of toggles) toggle.addEventListener('change', applyFilter);
          }
          addEventListener('scroll', fill, { passive: true });
          addEventListener('resize', fill);
          fill();
          // A link to a section (index.html#spec-12) draws what is needed to reach it.
          const linked = /^#spec-(\d+)$/.exec(window.location.hash);
          if (linked && Number(linked[1]) < specs.length) reveal(Number(linked[1]));
          document.body.dataset.ready = 'yes';
        })();
        """#
}
