"""Opens a `pickerreel compare --report html` page from file:// in Debian's Chromium through Playwright, does what a
reviewer does (looks at the first screen, filters, moves the slider and the onion skin, picks a frame of the strip)
and prints what it saw as one JSON object; the Swift test (CompareHTMLReportBrowserTests) asserts on it.

    python3 html_report_check.py review REPORT_DIR [SCREENSHOT.png]
    python3 html_report_check.py timing REPORT_DIR
"""

import json
import pathlib
import sys
import time

from playwright.sync_api import sync_playwright

VIEWPORT = {"width": 1280, "height": 800}

# Thumbnails of the cards that are inside the first screen and have decoded pixels.
FIRST_SCREEN_PICTURES = """() => [...document.querySelectorAll('article.card img')].filter((image) => {
    const box = image.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.top < innerHeight && box.bottom > 0 && box.left < innerWidth
        && image.complete && image.naturalWidth > 0;
}).length"""

VISIBLE_CARDS = """() => [...document.querySelectorAll('article.card')].filter((card) => !card.hidden
    && card.getBoundingClientRect().height > 0).map((card) => card.dataset.name)"""


def launch(playwright):
    return playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])


def review(report, screenshot):
    seen = {"console": []}
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page(viewport=VIEWPORT)
        page.on("console", lambda message: seen["console"].append(f"{message.type}: {message.text}"))
        page.on("pageerror", lambda error: seen["console"].append(f"pageerror: {error}"))
        page.goto(report.joinpath("index.html").as_uri(), wait_until="load")
        page.wait_for_function("document.body.dataset.ready === 'yes'", timeout=10000)
        try:
            page.wait_for_function(f"({FIRST_SCREEN_PICTURES})() > 0", timeout=10000)
        except Exception:
            pass
        seen["firstScreenPictures"] = page.evaluate(FIRST_SCREEN_PICTURES)
        seen["cards"] = page.evaluate("""() => [...document.querySelectorAll('article.card')].map((card) => ({
            name: card.dataset.name, badge: card.querySelector('.badge').textContent, statuses: card.dataset.statuses,
            rank: Number(card.dataset.rank), largest: Number(card.dataset.largest),
            finding: card.querySelector('.finding').textContent}))""")
        if screenshot:
            page.screenshot(path=screenshot)

        # The filter: a name, then a status switched off.
        names = [card["name"] for card in seen["cards"]]
        query = names[-1]
        page.fill("#filter", query)
        seen["filteredByName"] = {"query": query, "visible": page.evaluate(VISIBLE_CARDS),
                                  "shown": page.inner_text("#shown")}
        page.fill("#filter", "")
        seen["unfiltered"] = page.evaluate(VISIBLE_CARDS)
        page.uncheck("input.status-toggle[value=differs]")
        seen["withoutDiffers"] = page.evaluate(VISIBLE_CARDS)
        seen["sectionsWithoutDiffers"] = page.evaluate(
            "() => [...document.querySelectorAll('section.spec')].filter((s) => !s.hidden).map((s) => s.dataset.name)")
        page.check("input.status-toggle[value=differs]")

        # The first section: its player, slider, onion skin and strip.
        section = page.locator("section.spec").first
        section.scroll_into_view_if_needed()
        player = section.locator(".player")
        page.wait_for_function("""() => {
            const image = document.querySelector('section.spec .player img.play-actual');
            return image && image.complete && image.naturalWidth > 0; }""", timeout=10000)
        start = player.get_attribute("data-frame")
        time.sleep(0.5)
        seen["player"] = {"playing": player.get_attribute("data-playing"), "frameBefore": start,
                          "frameAfter": player.get_attribute("data-frame"),
                          "expectedWidth": section.locator("img.play-expected").evaluate("(image) => image.naturalWidth"),
                          "actualWidth": section.locator("img.play-actual").evaluate("(image) => image.naturalWidth")}

        def set_range(selector, value):
            section.locator(selector).evaluate(
                "(range, value) => { range.value = value; range.dispatchEvent(new Event('input')); }", value)

        wipe = section.locator(".view img.wipe")
        fade = section.locator(".view img.fade")
        slider = {"before": wipe.evaluate("(image) => getComputedStyle(image).clipPath")}
        set_range("input.slider", 20)
        slider["after"] = wipe.evaluate("(image) => getComputedStyle(image).clipPath")
        onion = {"before": fade.evaluate("(image) => getComputedStyle(image).opacity")}
        set_range("input.onion", 20)
        onion["after"] = fade.evaluate("(image) => getComputedStyle(image).opacity")
        seen["slider"] = slider
        seen["onion"] = onion

        page.wait_for_selector("section.spec .strip .entry", timeout=10000)
        entries = section.locator(".strip .entry")
        seen["strip"] = entries.evaluate_all("""(items) => items.map((item) => ({
            frame: Number(item.dataset.frame), count: Number(item.dataset.count),
            label: item.querySelector('.label').textContent, status: item.className}))""")
        seen["frameCount"] = int(section.locator("input.scrub").get_attribute("max")) + 1
        # Picking the last entry of the strip shows its frame in the slider and onion skin, and stops the player.
        last = entries.last
        last.locator("button").click()
        seen["picked"] = {"frame": last.get_attribute("data-frame"),
                          "viewSource": section.locator(".view img.view-actual").first.get_attribute("src"),
                          "entrySource": last.locator("img").first.get_attribute("src"),
                          "selected": last.evaluate("(item) => item.classList.contains('selected')"),
                          "playing": player.get_attribute("data-playing")}
        browser.close()
    return seen


def timing(report):
    """Opens the page three times in one browser (warmed by a first page, as a reviewer's open browser is) and
    gives each opening's navigation timing: the figures are the page's, not the browser's start."""
    openings = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        warm = browser.new_page(viewport=VIEWPORT)
        warm.set_content("<p>warm</p>")
        warm.close()
        for _ in range(3):
            page = browser.new_page(viewport=VIEWPORT)
            page.goto(report.joinpath("index.html").as_uri(), wait_until="load")
            page.wait_for_function("document.body.dataset.ready === 'yes'", timeout=10000)
            figures = page.evaluate("""() => {
                const navigation = performance.getEntriesByType('navigation')[0];
                const paint = performance.getEntriesByName('first-contentful-paint')[0];
                return { load: navigation.loadEventEnd, domContentLoaded: navigation.domContentLoadedEventEnd,
                         firstContentfulPaint: paint ? paint.startTime : null,
                         cards: document.querySelectorAll('article.card').length,
                         specs: JSON.parse(document.getElementById('specs').textContent).length,
                         frames: JSON.parse(document.getElementById('specs').textContent)
                             .reduce((sum, spec) => sum + spec.clock.length, 0),
                         images: document.images.length };
            }""")
            try:
                page.wait_for_function(f"({FIRST_SCREEN_PICTURES})() > 0", timeout=10000)
            except Exception:
                pass
            figures["firstScreenPictures"] = page.evaluate(FIRST_SCREEN_PICTURES)
            openings.append(figures)
            page.close()
        browser.close()
    return {"openings": openings}


def main():
    mode, report = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    if mode == "review":
        result = review(report, sys.argv[3] if len(sys.argv) > 3 else None)
    elif mode == "timing":
        result = timing(report)
    else:
        raise SystemExit(f"unknown mode {mode}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
