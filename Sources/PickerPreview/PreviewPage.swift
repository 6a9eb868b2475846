/// The preview's one page: it plays the frames the tool renders (PNG files from `/frame`, never a drawing of its
/// own), with play and pause, the time, a scrubber and frame steps, the layout's rectangles on request, every
/// variant or one, and the spec's message when it is broken, over the last good pictures dimmed.
///
/// Everything the page shows from the spec (its path, names, messages) is set as text, never as markup.
enum PreviewPage {
    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>PickerReel preview</title>
        <style>
          :root { color-scheme: light dark; font: 14px/1.4 system-ui, sans-serif; }
          body { margin: 0; background: Canvas; color: CanvasText; }
          header { display: flex; gap: 12px; align-items: baseline; padding: 10px 16px; border-bottom: 1px solid #8884; }
          header code { opacity: .75; }
          #controls { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; padding: 10px 16px; }
          #controls button { min-width: 2.5em; }
          #scrubber { flex: 1 1 240px; }
          #time { font-variant-numeric: tabular-nums; min-width: 15em; }
          #error { margin: 0 16px 8px; padding: 10px 12px; border-radius: 6px; background: #c0392b1f; border: 1px solid #c0392b;
                   white-space: pre-wrap; font: 13px/1.45 ui-monospace, monospace; }
          #views { display: flex; flex-wrap: wrap; gap: 24px; padding: 8px 16px 24px; align-items: flex-start; }
          figure { margin: 0; }
          figcaption { margin-top: 6px; font-size: 12px; opacity: .8; }
          .stage { position: relative; line-height: 0;
                   background: repeating-conic-gradient(#8882 0 25%, transparent 0 50%) 0 0 / 16px 16px; }
          .stage img { display: block; }
          .stage svg { position: absolute; inset: 0; width: 100%; height: 100%; overflow: visible; }
          .segment { fill: #2f80ed14; stroke: #2f80ed; stroke-width: 1; vector-effect: non-scaling-stroke; }
          .highlight { fill: none; stroke: #eb5757; stroke-width: 2; stroke-dasharray: 4 3; vector-effect: non-scaling-stroke; }
          .number { fill: #2f80ed; font: 10px ui-monospace, monospace; }
          table.numbers { margin-top: 8px; border-collapse: collapse; font: 12px ui-monospace, monospace; }
          table.numbers td, table.numbers th { padding: 1px 8px 1px 0; text-align: right; }
          table.numbers th { text-align: left; font-weight: 600; }
          body.broken .stage { opacity: .35; filter: grayscale(1); }
        </style>
        </head>
        <body>
        <header><strong>PickerReel preview</strong> <code id="spec"></code></header>
        <div id="controls">
          <button id="play" type="button" title="Play or pause (space)">Pause</button>
          <button id="previous" type="button" title="Previous frame (←)" aria-label="Previous frame">◀</button>
          <input id="scrubber" type="range" min="0" max="0" step="1" value="0" aria-label="Time">
          <button id="next" type="button" title="Next frame (→)" aria-label="Next frame">▶</button>
          <span id="time">loading…</span>
          <label><input id="layout" type="checkbox"> Layout</label>
          <select id="variant" aria-label="Variant"><option value="">Every variant</option></select>
        </div>
        <div id="error" role="alert" hidden></div>
        <main id="views"></main>
        <script>
        "use strict";
        const $ = (id) => document.getElementById(id);
        const svgNS = "http://www.w3.org/2000/svg";
        // The page's whole state; `window.preview` lets a test read it.
        const model = { generation: 0, loading: 0, views: [], frame: 0, playing: true, clockStart: 0, error: null,
                        chosen: new URLSearchParams(location.search).get("variant") || "", workers: 0 };
        window.preview = model;
        // Every request carries the token of the page's address, without which the server answers 403.
        const token = new URLSearchParams(location.search).get("t") || "";
        const ask = (path) => fetch(path + (path.includes("?") ? "&" : "?") + "t=" + encodeURIComponent(token), { cache: "no-store" });

        const fps = () => (model.views.length ? model.views[0].fps : 30);
        const frameCount = () => Math.max(1, ...model.views.map((view) => view.frameCount));
        const shownViews = () => model.views.filter((view) => !model.chosen || view.name === model.chosen);
        const indexIn = (view) => Math.min(model.frame, view.frameCount - 1);

        async function poll() {
          try {
            const response = await ask("/state");
            if (response.ok) {
              const state = await response.json();
              $("spec").textContent = state.spec;
              showError(state.error);
              if (state.generation > 0 && state.generation !== model.generation && !model.loading) await load(state.generation);
            }
          } catch (failure) {
            showError("The preview has stopped: pickerreel preview is no longer running.");
          }
          setTimeout(poll, 150);
        }

        function showError(message) {
          model.error = message;
          $("error").hidden = !message;
          $("error").textContent = message || "";
          document.body.classList.toggle("broken", !!message);
        }

        async function load(generation) {
          model.loading = generation;
          try {
            const response = await ask("/animation?generation=" + generation);
            if (!response.ok) return;
            const animation = await response.json();
            const seconds = model.frame / fps();
            const old = model.views;
            model.views = animation.variants.map((variant) => makeView(variant, old.find((view) => view.name === variant.name)));
            model.generation = generation;
            // The moment the user was looking at stays, in seconds, whatever the new frame count.
            model.frame = Math.min(Math.round(seconds * fps()), frameCount() - 1);
            model.clockStart = performance.now() - (model.frame / fps()) * 1000;
            $("views").replaceChildren(...model.views.map((view) => view.figure));
            const select = $("variant");
            select.replaceChildren(new Option("Every variant", ""), ...model.views.map((view) => new Option(view.name, view.name)));
            if (!model.views.some((view) => view.name === model.chosen)) model.chosen = "";
            select.value = model.chosen;
            draw();
            pump();
            setTimeout(() => old.forEach((view) => view.urls.forEach((url) => url && URL.revokeObjectURL(url))), 10000);
          } finally {
            model.loading = 0;
          }
        }

        function makeView(variant, previous) {
          const view = { name: variant.name, fps: variant.fps, frameCount: variant.frameCount, layout: variant.layout,
                         timeline: variant.timeline, urls: new Array(variant.frameCount), pending: new Set() };
          view.figure = document.createElement("figure");
          view.figure.dataset.variant = variant.name;
          const stage = document.createElement("div");
          stage.className = "stage";
          const ratio = window.devicePixelRatio || 1;
          stage.style.width = variant.pixelWidth / ratio + "px";
          stage.style.height = variant.pixelHeight / ratio + "px";
          view.img = document.createElement("img");
          view.img.alt = variant.name;
          view.img.width = variant.pixelWidth / ratio;
          view.img.height = variant.pixelHeight / ratio;
          // The old picture stays until the new one has loaded.
          if (previous && previous.img.getAttribute("src")) view.img.src = previous.img.getAttribute("src");
          view.svg = document.createElementNS(svgNS, "svg");
          view.svg.setAttribute("viewBox", `0 0 ${variant.layout.canvas.width} ${variant.layout.canvas.height}`);
          view.svg.setAttribute("preserveAspectRatio", "none");
          variant.layout.segments.forEach((segment, number) => {
            const rect = document.createElementNS(svgNS, "rect");
            rect.setAttribute("class", "segment");
            for (const key of ["x", "y", "width", "height"]) rect.setAttribute(key, segment[key]);
            const label = document.createElementNS(svgNS, "text");
            label.setAttribute("class", "number");
            label.setAttribute("x", segment.x + 2);
            label.setAttribute("y", segment.y + 10);
            label.textContent = String(number);
            view.svg.append(rect, label);
          });
          view.highlight = document.createElementNS(svgNS, "rect");
          view.highlight.setAttribute("class", "highlight");
          view.svg.append(view.highlight);
          stage.append(view.img, view.svg);
          const caption = document.createElement("figcaption");
          const canvas = variant.layout.canvas;
          const points = (value) => String(Math.round(value * 100) / 100);
          caption.textContent = `${variant.name} · ${variant.pixelWidth} × ${variant.pixelHeight} px (${points(canvas.width)} × ${points(canvas.height)} pt @${canvas.scale}x) · ${variant.frameCount} frames at ${variant.fps} fps`;
          view.table = document.createElement("table");
          view.table.className = "numbers";
          view.figure.append(stage, caption, view.table);
          return view;
        }

        function draw() {
          const count = frameCount();
          const layout = $("layout").checked;
          $("scrubber").max = count - 1;
          $("scrubber").value = model.frame;
          $("time").textContent = `${(model.frame / fps()).toFixed(3)} s · frame ${model.frame} of 0–${count - 1}`;
          $("play").textContent = model.playing ? "Pause" : "Play";
          for (const view of model.views) {
            view.figure.hidden = !!model.chosen && view.name !== model.chosen;
            const index = indexIn(view);
            const url = view.urls[index];
            if (url && view.img.getAttribute("src") !== url) {
              view.img.src = url;
              view.img.dataset.index = index;
              view.img.dataset.generation = model.generation;
            }
            view.svg.style.display = layout ? "" : "none";
            view.table.hidden = !layout;
            if (layout) drawNumbers(view, index);
          }
          pump();
        }

        function drawNumbers(view, index) {
          const frame = view.timeline.frames[index];
          const highlight = frame && frame.highlight;
          view.highlight.style.display = highlight ? "" : "none";
          if (highlight) {
            for (const key of ["x", "y", "width", "height"]) view.highlight.setAttribute(key, highlight[key]);
            view.highlight.setAttribute("rx", highlight.cornerRadius);
          }
          const rows = [["", "item", "x", "y", "width", "height"]];
          view.layout.segments.forEach((segment, number) =>
            rows.push([`segment ${number}`, String(segment.item), segment.x, segment.y, segment.width, segment.height]));
          rows.push(highlight ? [`highlight @${index}`, `opacity ${highlight.opacity}`, highlight.x, highlight.y, highlight.width, highlight.height]
                              : [`highlight @${index}`, "none", "", "", "", ""]);
          view.table.replaceChildren(...rows.map((cells, row) => {
            const tr = document.createElement("tr");
            cells.forEach((cell, column) => {
              const td = document.createElement(row === 0 || column === 0 ? "th" : "td");
              td.textContent = String(cell);
              tr.append(td);
            });
            return tr;
          }));
        }

        // The frames shown now first, then the ones after them, four at a time.
        function nextWanted() {
          const views = shownViews();
          const longest = Math.max(1, ...views.map((view) => view.frameCount));
          for (let step = 0; step < longest; step++) {
            for (const view of views) {
              const index = (indexIn(view) + step) % view.frameCount;
              if (!view.urls[index] && !view.pending.has(index)) return [view, index];
            }
          }
          return null;
        }

        function pump() {
          while (model.workers < 4 && nextWanted()) {
            model.workers++;
            fetchFrames(model.generation).finally(() => model.workers--);
          }
        }

        async function fetchFrames(generation) {
          for (let next = nextWanted(); next && model.generation === generation; next = nextWanted()) {
            const [view, index] = next;
            view.pending.add(index);
            const query = `variant=${encodeURIComponent(view.name)}&index=${index}&generation=${generation}`;
            try {
              const response = await ask("/frame?" + query);
              if (!response.ok) return;
              view.urls[index] = URL.createObjectURL(await response.blob());
            } catch (failure) {
              return;
            } finally {
              view.pending.delete(index);
            }
            if (index === indexIn(view)) draw();
          }
        }

        function tick(now) {
          if (model.playing && model.views.length) {
            const frame = Math.floor(((now - model.clockStart) / 1000) * fps()) % frameCount();
            if (frame !== model.frame) {
              model.frame = frame;
              draw();
            }
          }
          requestAnimationFrame(tick);
        }

        function setPlaying(playing) {
          model.playing = playing;
          model.clockStart = performance.now() - (model.frame / fps()) * 1000;
          draw();
        }

        function show(frame) {
          const count = frameCount();
          model.frame = ((frame % count) + count) % count;
          setPlaying(false);
        }

        $("play").addEventListener("click", () => setPlaying(!model.playing));
        $("previous").addEventListener("click", () => show(model.frame - 1));
        $("next").addEventListener("click", () => show(model.frame + 1));
        $("scrubber").addEventListener("input", (event) => show(Number(event.target.value)));
        $("layout").addEventListener("change", draw);
        $("variant").addEventListener("change", (event) => {
          model.chosen = event.target.value;
          draw();
        });
        document.addEventListener("keydown", (event) => {
          const target = event.target;
          // The scrubber steps with the arrows by itself, a button presses with the space bar, a list keeps its keys.
          if (target instanceof HTMLSelectElement) return;
          if (target instanceof HTMLInputElement && target.type === "range" && event.key !== " ") return;
          if ((target instanceof HTMLButtonElement || target instanceof HTMLInputElement) && event.key === " ") return;
          if (event.key === "ArrowLeft") show(model.frame - 1);
          else if (event.key === "ArrowRight") show(model.frame + 1);
          else if (event.key === " ") setPlaying(!model.playing);
          else return;
          event.preventDefault();
        });
        poll();
        requestAnimationFrame(tick);
        </script>
        </body>
        </html>

        """#
}
