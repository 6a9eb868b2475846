/// The python programs the preview tests run: one drives Debian's Chromium through the page, one sends raw requests.
///
/// The first uses Playwright; the second sends HTTP requests a browser would never send. Kept here as text (written
/// to the test's temporary folder) so the test target needs no resources.
enum PreviewScripts {
    /// `python3 browser.py URL SPEC ICON OUT_FOLDER SCREENSHOT`: plays, pauses, scrubs, steps, shows the layout and
    /// one variant, saves an edit of the spec and of its icon, breaks the spec and fixes it, and prints what it saw as
    /// JSON (the pictures shown are written into OUT_FOLDER for the test to compare with `pickerreel frame`).
    static let browser = #"""
        import base64, json, os, sys, time
        from playwright.sync_api import sync_playwright

        url, spec, icon, out, screenshot = sys.argv[1:6]
        seen = {}

        def save_like_an_editor(path, text):
            # Editors write a new file and rename it over the old one.
            with open(path + ".tmp~", "w") as f:
                f.write(text)
            os.replace(path + ".tmp~", path)

        def shown(page):
            return page.evaluate("""() => preview.views.filter(v => !v.figure.hidden).map(v => ({
                name: v.name, index: Number(v.img.dataset.index), generation: Number(v.img.dataset.generation),
                src: v.img.getAttribute('src') || ''}))""")

        def picture_bytes(page, src):
            data = page.evaluate("""async (src) => { const b = await (await fetch(src)).arrayBuffer();
                let s = ''; for (const x of new Uint8Array(b)) s += String.fromCharCode(x); return btoa(s); }""", src)
            return base64.b64decode(data)

        def wait_until(page, condition, seconds=10):
            page.wait_for_function(condition, timeout=seconds * 1000)

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 900, "height": 620})
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url)
            wait_until(page, "() => preview.generation === 1 && preview.views.length > 0 && preview.views.every(v => v.img.getAttribute('src'))")
            seen["variants"] = [v["name"] for v in shown(page)]
            seen["frameCount"] = page.evaluate("() => preview.views[0].frameCount")
            # Playing: the frame moves on by itself.
            first = page.evaluate("() => preview.frame")
            page.wait_for_timeout(700)
            seen["playedFrames"] = (page.evaluate("() => preview.frame") - first) % seen["frameCount"]
            seen["playLabel"] = page.inner_text("#play")
            page.click("#play")
            seen["pausedLabel"] = page.inner_text("#play")
            paused = page.evaluate("() => preview.frame")
            page.wait_for_timeout(300)
            seen["stillAfterPause"] = page.evaluate("() => preview.frame") == paused
            # The scrubber shows the exact frame at that moment.
            target = seen["frameCount"] // 2
            page.fill("#scrubber", str(target))
            wait_until(page, f"() => preview.views.every(v => Number(v.img.dataset.index) === {target})")
            seen["scrubbedTo"] = target
            seen["timeText"] = page.inner_text("#time")
            for view in shown(page):
                with open(os.path.join(out, f"scrubbed-{view['name']}-{view['index']}.png"), "wb") as f:
                    f.write(picture_bytes(page, view["src"]))
            # The arrow keys step one frame.
            page.focus("body")
            page.keyboard.press("ArrowRight")
            wait_until(page, f"() => preview.frame === {target + 1} && preview.views.every(v => Number(v.img.dataset.index) === {target + 1})")
            page.click("#next")
            page.click("#previous")
            page.keyboard.press("ArrowLeft")
            wait_until(page, f"() => preview.frame === {target}")
            seen["steppedBackTo"] = page.evaluate("() => preview.frame")
            before_edit = picture_bytes(page, shown(page)[0]["src"])
            # The layout on request: the segments' rectangles and the highlight's, with their numbers.
            seen["layoutHiddenAtFirst"] = page.evaluate("() => getComputedStyle(preview.views[0].svg).display === 'none'")
            page.check("#layout")
            seen["segments"] = page.evaluate("""() => [...preview.views[0].svg.querySelectorAll('rect.segment')].map(r =>
                ({x: Number(r.getAttribute('x')), y: Number(r.getAttribute('y')), width: Number(r.getAttribute('width')), height: Number(r.getAttribute('height'))}))""")
            seen["highlight"] = page.evaluate("""() => { const r = preview.views[0].highlight; return r.style.display === 'none' ? null :
                {x: Number(r.getAttribute('x')), y: Number(r.getAttribute('y')), width: Number(r.getAttribute('width')), height: Number(r.getAttribute('height'))}; }""")
            seen["numbersTable"] = page.inner_text("figure table.numbers")
            page.screenshot(path=screenshot, full_page=True)
            page.uncheck("#layout")
            # One variant chosen.
            page.select_option("#variant", seen["variants"][-1])
            seen["oneVariant"] = [v["name"] for v in shown(page)]
            page.select_option("#variant", "")
            seen["everyVariantAgain"] = [v["name"] for v in shown(page)]
            # A saved edit reloads within a second, at the same moment.
            with open(spec) as f:
                original = f.read()
            saved = time.monotonic()
            save_like_an_editor(spec, original.replace('"Week"', '"Fortnight"'))
            wait_until(page, "() => preview.generation === 2")
            seen["specReloadSeconds"] = time.monotonic() - saved
            wait_until(page, "() => preview.views.every(v => v.img.dataset.generation === '2')")
            seen["specPicturesSeconds"] = time.monotonic() - saved
            seen["frameAfterReload"] = page.evaluate("() => preview.frame")
            seen["pictureChanged"] = picture_bytes(page, shown(page)[0]["src"]) != before_edit
            # A saved icon reloads too.
            with open(icon) as f:
                drawing = f.read()
            saved = time.monotonic()
            save_like_an_editor(icon, drawing.replace('r="5"', 'r="9"'))
            wait_until(page, "() => preview.generation === 3")
            seen["iconReloadSeconds"] = time.monotonic() - saved
            wait_until(page, "() => preview.views.every(v => v.img.dataset.generation === '3')")
            seen["iconPicturesSeconds"] = time.monotonic() - saved
            save_like_an_editor(icon, drawing)
            wait_until(page, "() => preview.generation === 4")
            # A broken spec: its message, the last good picture dimmed.
            saved = time.monotonic()
            save_like_an_editor(spec, original.replace('"fps": 30', '"fps": "fast"'))
            wait_until(page, "() => !document.getElementById('error').hidden")
            seen["errorSeconds"] = time.monotonic() - saved
            seen["errorText"] = page.inner_text("#error")
            seen["dimmedOpacity"] = float(page.evaluate("() => getComputedStyle(document.querySelector('.stage')).opacity"))
            seen["pictureKept"] = bool(shown(page)[0]["src"])
            page.screenshot(path=os.path.join(out, "broken.png"))
            # Fixed: the message goes, the pictures come back.
            save_like_an_editor(spec, original)
            wait_until(page, "() => document.getElementById('error').hidden && preview.generation === 5")
            seen["recoveredOpacity"] = float(page.evaluate("() => getComputedStyle(document.querySelector('.stage')).opacity"))
            seen["frameAfterRecovery"] = page.evaluate("() => preview.frame")
            seen["pageErrors"] = errors
            browser.close()
        print(json.dumps(seen))
        """#

    /// `python3 requests.py PORT TOKEN`: sends requests no page of the preview sends (with the page's token, so that
    /// only what else is wrong with them is refused) and prints each answer's status and body as JSON.
    static let requests = #"""
        import json, socket, sys

        port = int(sys.argv[1])
        token = sys.argv[2]

        def tokened(target):
            return target + ("&" if "?" in target else "?") + "t=" + token

        def ask(target, headers):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
                lines = [f"GET {target} HTTP/1.1"] + headers + ["Connection: close", "", ""]
                s.sendall("\r\n".join(lines).encode("latin-1"))
                data = b""
                while True:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    data += chunk
            head, _, body = data.partition(b"\r\n\r\n")
            status = int(head.split(b" ")[1]) if head.startswith(b"HTTP/") else 0
            return {"target": target, "headers": headers, "status": status, "length": len(body),
                    "body": body[:200].decode("latin-1"), "head": head.decode("latin-1")}

        own = f"Host: 127.0.0.1:{port}"
        answers = [ask(tokened(t), [own]) for t in [
            "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2e%2e/", "//etc/passwd", "/etc/passwd",
            f"http://127.0.0.1:{port}/../../etc/passwd", "file:///etc/passwd", "/frame?variant=../../../etc/passwd&index=0&generation=1",
            "/state/../../etc/passwd", "/index.html", "/.git/config"]]
        answers += [
            ask(tokened("/state"), [own, "Origin: http://evil.example"]),
            ask(tokened("/frame?variant=default&index=0&generation=1"), [own, "Origin: http://evil.example"]),
            ask(tokened("/"), ["Host: evil.example"]),
            ask(tokened("/state"), [own, "Sec-Fetch-Site: cross-site"]),
            ask(tokened("/state"), [own, f"Origin: http://127.0.0.1:{port}"]),
            ask(tokened("/state"), [own]),
        ]
        print(json.dumps(answers))
        """#
}
