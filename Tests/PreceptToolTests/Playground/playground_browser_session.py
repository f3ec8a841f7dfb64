"""Drives `precept playground` in headless Chromium through Selenium (PyPI `selenium`,
Debian's `chromium` and `chromium-driver`): load the page, edit the code and the ruleset,
see findings and diagnostics follow, check that other origins are refused, keep a screenshot.

Usage: playground_browser_session.py PRECEPT EXAMPLES_DIR SCREENSHOT
Prints one "ok: ..." line per check and "all checks passed"; exit 1 on a failed check,
3 when Selenium, Chromium or chromedriver is missing.
"""

import json
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError as error:
    print(f"selenium is not installed: {error}", file=sys.stderr)
    sys.exit(3)

precept, examples, screenshot = sys.argv[1:4]
browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
driver_path = shutil.which("chromedriver")
if not browser or not driver_path:
    print(f"missing browser ({browser}) or chromedriver ({driver_path})", file=sys.stderr)
    sys.exit(3)


def check(condition, what):
    if not condition:
        print(f"FAILED: {what}", flush=True)
        raise SystemExit(1)
    print(f"ok: {what}", flush=True)


server = subprocess.Popen(
    [precept, "playground", "--port", "0", "--examples", examples],
    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
driver = None
profile = tempfile.mkdtemp(prefix="precept-playground-")
try:
    first = server.stdout.readline()
    check(first.startswith("precept playground: serving http://127.0.0.1:"), "the server names its address")
    url = first.split("serving ")[1].split(" ")[0]

    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--window-size=1400,1500",
                 f"--user-data-dir={profile}", "--disable-dev-shm-usage"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.set_page_load_timeout(60)
    wait = WebDriverWait(driver, 30)

    driver.get(url)
    status = driver.find_element(By.ID, "status")
    wait.until(lambda _: "finding" in status.text)
    titles = [option.text for option in Select(driver.find_element(By.ID, "example")).options]
    check(titles[0] == "menu.precept on MapScreen.swift" and any("standard" in t for t in titles),
          "the examples from Playground/ and the standard rulesets are listed")
    findings = driver.find_element(By.ID, "findings")
    check("menu.basic/trigger-name" in findings.text, "the first example shows its finding")
    check('"type": "Menu"' in driver.find_element(By.ID, "model").get_attribute("textContent"),
          "the view model the rules see is shown")
    check("function " in driver.find_element(By.ID, "bytecode").get_attribute("textContent"),
          "the ruleset's bytecode is shown")

    # Edit the code: a named trigger first (no finding), then an icon-only one (the finding).
    code = driver.find_element(By.ID, "code")
    code.clear()
    code.send_keys('Menu { Button("Rename") {}\nButton("Delete") {} } label: { Image(systemName: "ellipsis") }'
                   '.accessibilityLabel("Options")')
    wait.until(lambda _: "0 findings" in status.text)
    check("menu.basic/trigger-name" not in findings.text, "a named trigger has no finding")
    code.send_keys('\nMenu { Button("Copy") {}\nButton("Paste") {} } label: { Image(systemName: "doc") }')
    wait.until(lambda _: "menu.basic/trigger-name" in findings.text)
    check("line 3:1" in findings.text, "typing an icon-only Menu makes its finding appear at its line")
    check("Why" in findings.text, "the finding carries its explanation")

    # Break the ruleset: its diagnostics appear in the page, with their position.
    ruleset = driver.find_element(By.ID, "ruleset")
    ruleset.send_keys("\nrule broken {")
    diagnostics = driver.find_element(By.ID, "diagnostics")
    wait.until(lambda _: "does not compile" in status.text)
    check("error" in diagnostics.text and ":" in diagnostics.text, "a broken ruleset shows its diagnostics")

    # Choose another example with the keyboard-accessible select.
    Select(driver.find_element(By.ID, "example")).select_by_index(1)
    wait.until(lambda _: "does not compile" not in status.text)
    check(driver.find_element(By.ID, "language").get_attribute("value") in ["json", "swift"],
          "choosing an example replaces both editors")

    driver.save_screenshot(screenshot)
    check(open(screenshot, "rb").read(4) == b"\x89PNG", "the screenshot is saved")

    # Other origins and host names are refused; the page keeps working after them.
    body = json.dumps({"ruleset": "", "code": ""}).encode()
    request = urllib.request.Request(url + "api/evaluate", data=body, method="POST",
                                     headers={"Content-Type": "application/json", "Origin": "http://evil.example"})
    try:
        urllib.request.urlopen(request, timeout=10)
        refused = False
    except urllib.error.HTTPError as error:
        refused = error.code == 403
    check(refused, "a request from another origin is refused with 403")
    request = urllib.request.Request(url + "api/evaluate", data=b"x" * (5 * 1024 * 1024), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(request, timeout=30)
        code_seen = 200
    except urllib.error.HTTPError as error:
        code_seen = error.code
    except (ConnectionError, urllib.error.URLError):
        code_seen = "reset"
    check(code_seen in (413, "reset"), "an oversized request is refused")
    code.send_keys(" ")
    wait.until(lambda _: "rule" in status.text)
    check(server.poll() is None, "the server keeps serving")
finally:
    if driver is not None:
        driver.quit()
    server.send_signal(signal.SIGTERM)
    try:
        status = server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        status = None
    shutil.rmtree(profile, ignore_errors=True)
check(status == 143, "SIGTERM stops the server with status 143")
print("all checks passed", flush=True)
