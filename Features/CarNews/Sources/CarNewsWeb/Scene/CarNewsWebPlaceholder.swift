import WebUI

// The car-news web scene comes with issue 14; until then `serve` shows this feature's "no web view yet" panel.
enum CarNewsWebPlaceholder {}
