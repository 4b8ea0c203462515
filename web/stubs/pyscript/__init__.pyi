"""PyScript's module: the page's `document` and `window` (JavaScript objects, so `Any`)."""
from typing import Any

document: Any
window: Any
