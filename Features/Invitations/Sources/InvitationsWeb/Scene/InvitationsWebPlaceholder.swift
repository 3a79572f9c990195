import WebUI

// The invitations web scene comes with issue 14; until then `serve` shows this feature's "no web view yet" panel.
enum InvitationsWebPlaceholder {}
