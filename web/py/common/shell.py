"""The page shell every page that runs Python shares: its start (`begin`: the language, the loading
line), its message line, its storage, the click dispatch (pages declare their handlers by the data-*
attribute they answer, and their commands, `data-do`, in one table), the baptism picker's choice, the
hand's keys, readiness.

Browser-only (it imports pyscript); the pure HTML lives in common/tableview.py and lessons/view.py.
"""
from __future__ import annotations

from typing import Callable

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from common import i18n
from common.storage import Storage

PROXIES: list = []        # event handlers must outlive the module's top level


def by_id(name: str):
    return document.getElementById(name)


def begin(loading: str) -> str:
    """An entry module's first call: mark the start for the benchmark, choose the page's catalog by
    its <html lang> and say `loading` (an N_ message) on the loading line; returns the language.
    Modules that translate when imported are imported after it."""
    window.performance.mark("perlaggen:python-start")   # the benchmark splits runtime start-up from ours
    lang = i18n.use(document.documentElement.lang or "en")
    set_loading(i18n._(loading))
    return lang


Command = Callable[[str], None]      # a page's command: given the button's data-arg ("" without one)


def dispatch(event, handlers: dict[str, Callable[[str], None] | dict[str, Command]]) -> bool:
    """A click, to the first declared handler whose attribute the clicked element (or one around it)
    carries: {"#hand data-card": handler, "data-do": COMMANDS, ...} (a key may name the part of the
    page first). A handler gets the attribute's value; a table of commands (under "data-do") gets
    the command that attribute names, called with the element's data-arg. A disabled control does
    nothing. True if one of them took the click."""
    for key, handler in handlers.items():
        scope, _sep, attribute = key.rpartition(" ")
        node = event.target.closest(f"{scope} [{attribute}]".strip())
        if node:
            if not node.disabled:
                value = node.getAttribute(attribute)
                if isinstance(handler, dict):
                    command(handler, value)(node.getAttribute("data-arg") or "")
                else:
                    handler(value)
            return True
    return False


def command(table: dict[str, Command], name: str) -> Command:
    """The command `name` of a page's table; a name the page does not know is an error, never a
    click that does nothing (tests/web/test_commands.py checks every data-do the views write)."""
    try:
        return table[name]
    except KeyError:
        raise LookupError(f'no command "{name}" on this page (data-do)') from None


def control_selector(node, keys: tuple[str, ...]) -> str | None:
    """A selector that finds the control `node` again once its HTML is replaced: the first of `keys`
    it carries, with its value (and a command's data-arg, which tells apart two buttons of one command)."""
    for key in keys:
        if node and node.hasAttribute(key):
            selector = f'[{key}="{node.getAttribute(key)}"]'
            if key == "data-do" and node.hasAttribute("data-arg"):
                selector += f'[data-arg="{node.getAttribute("data-arg")}"]'
            return selector
    return None


def show_message(text: str, kind: str = "info", node_id: str = "message", code: str = "") -> None:
    """The page's message line (a refusal in the accent colour; role=alert, so it is read out), with
    `code` in data-code for the tests; a page without one says it through the aria-live region."""
    node = by_id(node_id)
    if node is None:
        announce(text)
        return
    node.textContent = text
    node.className = f"message {kind}" if text else "message"
    node.dataset.code = code


def page_storage(report=None) -> Storage:
    """The page's localStorage (common.storage); a failed write goes to `report(text, code)`, by
    default the page's message line as a refusal."""
    return Storage(lambda: window.localStorage, report or (lambda text, code: show_message(text, "refusal", code=code)))


def at_test_speed() -> bool:
    """Whether the address asks for the tests' speed (`?speed=test`): no pauses for a person to follow."""
    return window.URLSearchParams.new(window.location.search).get("speed") == "test"


def paced(seconds: float) -> float:
    """The pause that lets a person follow the computer's moves: `seconds`, or none at the tests' speed."""
    return 0.0 if at_test_speed() else seconds


def set_loading(text: str) -> None:
    node = by_id("loading-text")
    if node:
        node.textContent = text


def listen(target, kind: str, handler) -> None:
    proxy = create_proxy(handler)
    PROXIES.append(proxy)
    target.addEventListener(kind, proxy)


def announce(text: str) -> None:
    """Speak through the aria-live region; the last few lines stay so a quick sequence is not lost."""
    region = by_id("announce")
    if not region or not text:
        return
    line = document.createElement("p")
    line.textContent = text
    region.appendChild(line)
    while region.childElementCount > 4:
        region.firstElementChild.remove()


def open_picker(html: str, first: str = "[data-option]") -> None:
    """The page's card chooser (dialog#picker) with `html` in it, opened, its first option focused."""
    dialog = by_id("picker")
    dialog.innerHTML = html
    dialog.showModal()
    option = dialog.querySelector(first)
    if option:
        option.focus()


def picker_choice(event, options: list):
    """The option clicked in the baptism picker (closing it), or None for a click elsewhere."""
    option = event.target.closest("#picker [data-option]")
    if not option:
        return None
    event.preventDefault()
    by_id("picker").close()
    return options[int(option.getAttribute("data-option"))]


def hand_or_action(event, choose_card, perform, actions: list) -> bool:
    """The clicks every table page shares: a card in the hand, or one of the offered actions
    (`data-action` indexes `actions`). True if the click was one of them."""
    return dispatch(event, {"#hand data-card": choose_card, "data-action": lambda i: perform(actions[int(i)])})


def move_in_hand(event) -> None:
    """Arrow keys, Home and End move along the hand's cards (Tab also reaches every card)."""
    if event.key not in ("ArrowLeft", "ArrowRight", "Home", "End"):
        return
    current = event.target.closest("#hand [data-card]")
    if not current:
        return
    buttons = list(document.querySelectorAll("#hand [data-card]"))
    i = next(i for i, b in enumerate(buttons) if b.getAttribute("data-card") == current.getAttribute("data-card"))
    j = {"ArrowLeft": i - 1, "ArrowRight": i + 1, "Home": 0, "End": len(buttons) - 1}[event.key]
    buttons[max(0, min(j, len(buttons) - 1))].focus()
    event.preventDefault()


def mark_ready() -> None:
    """The page is interactive: hide the loading line and tell the tests and the service worker."""
    loading = by_id("loading")
    if loading:
        loading.hidden = True
    document.body.dataset.ready = "true"
    window.perlaggenReadyAt = window.performance.now()
    window.dispatchEvent(window.Event.new("perlaggen:ready"))


def js_object(data: dict):
    """A Python dict as a plain JavaScript object (for options such as scrollIntoView's)."""
    return to_js(data, dict_converter=window.Object.fromEntries)


def download(name: str, text: str, mime: str = "application/json") -> None:
    """Offer `text` as a file to save: a Blob behind a temporary link (no server involved)."""
    blob = window.Blob.new(to_js([text]), js_object({"type": mime}))
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href, link.download = url, name
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.URL.revokeObjectURL(url)
