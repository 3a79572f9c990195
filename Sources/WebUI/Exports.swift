// The web kit is three modules, as Hummingbird splits Core, Router and Testing: the typed HTML (WebHTML), the
// HTTP/1.1 server (WebServer) and the app on them (this one: sessions, patches, the page shell, scenes). A web
// feature imports WebUI alone and gets the other two with it.
@_exported import WebHTML
@_exported import WebServer
