"""The dashboard in a real headless browser (Debian's chromium, driven by Playwright for Python).

Run by HealthServerTests' DashboardBrowserTests against two servers it starts on loopback: a fresh one (no accounts:
the first-run sign-up form) and one with a person whose data is seeded and an app registered. Every check raises on
failure (the exit status is what the Swift test reads); screenshots go to --out as test artefacts.

    python dashboard_browser.py --fresh URL --seeded URL --name NAME --password PASSWORD \
        --client-id ID --redirect-uri URI --export FILE --out DIR [--chromium /usr/bin/chromium]
"""

import argparse
import base64
import hashlib
import os
import secrets
import sys
import urllib.parse
import zipfile

from playwright.sync_api import sync_playwright

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1024, "height": 900}


def check(condition, message):
    """Fails the run with `message` unless `condition` holds."""
    if not condition:
        raise AssertionError(message)
    print("ok:", message, flush=True)


def shot(page, out, name):
    """Saves a full-page screenshot named `name` into `out`."""
    path = os.path.join(out, name + ".png")
    page.screenshot(path=path, full_page=True)
    print("screenshot:", path, flush=True)


def fits(page, width):
    """Whether the page has no horizontal scrolling at `width`."""
    return page.evaluate("document.documentElement.scrollWidth") <= width


def sign_up(page, base, out):
    """The first-run sign-up form on a server without accounts, then the (empty) overview."""
    page.goto(base + "/")
    check(page.url.endswith("/signup"), "a server without accounts sends / to the sign-up form")
    page.get_by_label("Name").fill("admin")
    page.get_by_label("Password (at least 8 characters)").fill("first account password")
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(base + "/")
    check(page.get_by_role("heading", name="Overview").is_visible(), "signing up lands on the overview")
    check(page.get_by_text("No data in the last 7 days.").first.is_visible(), "an empty store says No data")
    shot(page, out, "01-signed-up-empty-overview")


def sign_in_and_overview(page, base, name, password, out):
    """Sign-in through the form, then the overview's charts at phone width."""
    page.goto(base + "/")
    check("/signin" in page.url, "signed out, / redirects to the sign-in form")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(base + "/")
    charts = page.locator("svg.chart[role=img]")
    check(charts.count() >= 2, "the overview has its SVG charts (%d)" % charts.count())
    label = charts.first.get_attribute("aria-label") or ""
    check(label.startswith("Step Count, daily totals"), "the steps chart is labelled: " + label)
    bars = charts.first.locator("rect.bar")
    check(bars.count() == 7, "seven days of step bars (%d)" % bars.count())
    box = charts.first.bounding_box()
    check(box is not None and box["height"] > 50, "the chart is drawn with a real size: %s" % box)
    tooltip = charts.first.locator("g title").first.text_content() or ""
    check(": " in tooltip, "bars carry a tooltip: " + tooltip)
    check(fits(page, PHONE["width"]), "the overview fits a phone's width without scrolling sideways")
    shot(page, out, "02-overview-phone")
    page.set_viewport_size(DESKTOP)
    shot(page, out, "03-overview-desktop")
    page.set_viewport_size(PHONE)
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.textContent")
    check(focused == "Overview", "the keyboard reaches the navigation first: %r" % focused)
    page.get_by_role("link", name="Step Count").click()
    page.wait_for_url("**/types/stepCount?range=week*")
    page.get_by_role("link", name="Day", exact=True).click()
    page.wait_for_url("**/types/stepCount?range=day*")
    check(page.locator("svg.chart rect.bar").count() >= 1, "the day's hourly bars are drawn")
    shot(page, out, "04-steps-day")


def decisions(page, type_name):
    """The read and write decisions in the apps table's row for `type_name`."""
    row = page.locator("tr", has=page.locator("th", has_text=type_name))
    return [row.locator("td").nth(i).locator(".decision").inner_text() for i in range(2)]


def permission_sheet(page, base, client_id, redirect_uri, out):
    """An app's authorization: HealthKit's permission sheet, toggled and submitted; then the apps page, a toggle there
    and a revoke."""
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    query = urllib.parse.urlencode({
        "response_type": "code", "client_id": client_id, "redirect_uri": redirect_uri,
        "scope": "share:stepCount read:stepCount read:heartRate", "state": "browser",
        "code_challenge": challenge, "code_challenge_method": "S256"})
    arrived = []

    def callback(route):
        arrived.append(route.request.url)
        route.fulfill(status=200, content_type="text/plain", body="callback reached")

    page.route(redirect_uri.split("?")[0] + "*", callback)
    page.goto(base + "/oauth/authorize?" + query)
    check(page.get_by_role("heading", name="Health Access").is_visible(), "the permission sheet is shown")
    share = page.locator("#share-HKQuantityTypeIdentifierStepCount")
    read_steps = page.locator("#read-HKQuantityTypeIdentifierStepCount")
    read_heart = page.locator("#read-HKQuantityTypeIdentifierHeartRate")
    check(not share.is_checked() and not read_heart.is_checked(), "toggles start off")
    share.check()
    read_steps.check()
    read_heart.check()
    read_heart.uncheck()
    check(share.is_checked() and read_steps.is_checked() and not read_heart.is_checked(), "toggles follow clicks")
    shot(page, out, "05-permission-sheet")
    page.get_by_role("button", name="Allow", exact=True).click()
    page.wait_for_url(redirect_uri.split("?")[0] + "*")
    check(arrived and "code=" in arrived[-1] and "state=browser" in arrived[-1], "Allow returns a code to the app: %s" % arrived)
    page.goto(base + "/apps")
    steps = decisions(page, "Step Count")
    check(steps == ["Allowed", "Allowed"], "the apps page shows steps readable and writable: %s" % steps)
    heart = decisions(page, "Heart Rate")
    check(heart == ["Not allowed", "Not asked"], "and heart rate neither: %s" % heart)
    page.get_by_role("button", name="Turn on reading Heart Rate for Step Counter").click()
    check(page.get_by_role("status").text_content() == "Changed what Step Counter may do.", "a toggle on the apps page says so")
    heart = decisions(page, "Heart Rate")
    check(heart == ["Allowed", "Not asked"], "and heart rate is readable now: %s" % heart)
    shot(page, out, "06-apps")
    page.get_by_role("button", name="Revoke all access for Step Counter").click()
    check(page.get_by_role("status").text_content().startswith("Revoked access for Step Counter"), "revoking says so")
    check(page.get_by_text("No app has asked for access").is_visible(), "and the app is gone from the list")
    shot(page, out, "07-apps-revoked")


def import_with_progress(page, base, export, out):
    """An Apple Health export uploaded on the import page: the job's page shows a progress bar and refreshes itself
    (no JavaScript) until the import has finished, with its report."""
    page.goto(base + "/import")
    check(page.get_by_role("heading", name="Import and export").is_visible(), "the import page is shown")
    page.get_by_label("export.zip or export.xml").set_input_files(export)
    page.get_by_role("button", name="Import", exact=True).click()
    page.wait_for_url(base + "/import/*")
    bar = page.get_by_role("progressbar", name="Import progress")
    check(bar.is_visible(), "the job's page shows a progress bar")
    status = page.get_by_role("status").text_content() or ""
    check(status.startswith(("Uploading", "Waiting", "Importing", "Finished")), "and what the job is doing: " + status)
    shot(page, out, "08-import-progress")
    page.get_by_text("Finished", exact=True).wait_for()
    check(bar.get_attribute("value") == "100", "the bar is full once the import has finished")
    check(page.get_by_role("heading", name="Report").is_visible(), "the import's report is shown")
    shot(page, out, "09-import-finished")


def export_and_download(page, base, out):
    """An export started from the same page: the job's page shows its progress until the export has finished, then a
    download link; the file downloaded with the session is an Apple Health export.zip holding what was imported."""
    page.goto(base + "/import")
    check(page.get_by_label("Apple Health export", exact=False).is_checked(), "Apple's layout is the default format")
    page.get_by_role("button", name="Export", exact=True).click()
    page.wait_for_url(base + "/export/*")
    check(page.get_by_role("progressbar", name="Export progress").is_visible(), "the export's page shows a progress bar")
    page.get_by_text("Finished", exact=True).wait_for()
    shot(page, out, "10-export-finished")
    with page.expect_download() as started:
        page.get_by_role("link", name="Download").click()
    path = os.path.join(out, "downloaded-export.zip")
    started.value.save_as(path)
    check(zipfile.is_zipfile(path), "the download is a zip file")
    with zipfile.ZipFile(path) as archive:
        names = [name for name in archive.namelist() if name.endswith("/export.xml")]
        check(names == ["apple_health_export/export.xml"], "with Apple's export.xml: " + str(archive.namelist()[:5]))
        check(archive.read(names[0]).count(b"<Record ") > 0, "holding the imported records")
    page.goto(base + "/import")
    check(page.get_by_role("table", name="Your exports").is_visible(), "the import page lists the export")


def new_page(browser):
    """A page of its own (no cookies shared) at phone size, waiting up to two minutes for each step."""
    context = browser.new_context(viewport=PHONE)
    context.set_default_timeout(120_000)
    return context.new_page()


def main():
    parser = argparse.ArgumentParser()
    for name in ["fresh", "seeded", "name", "password", "client-id", "redirect-uri", "export", "out"]:
        parser.add_argument("--" + name, required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    with sync_playwright() as playwright:
        # Generous timeouts: CI runs this beside the rest of the suite on two busy cores.
        browser = playwright.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"], timeout=180_000)
        try:
            page = new_page(browser)
            sign_up(page, args.fresh, args.out)
            page = new_page(browser)
            sign_in_and_overview(page, args.seeded, args.name, args.password, args.out)
            permission_sheet(page, args.seeded, args.client_id, args.redirect_uri, args.out)
            import_with_progress(page, args.seeded, args.export, args.out)
            export_and_download(page, args.seeded, args.out)
        finally:
            browser.close()
    print("all browser checks passed", flush=True)


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print("FAILED:", failure, file=sys.stderr, flush=True)
        sys.exit(1)
