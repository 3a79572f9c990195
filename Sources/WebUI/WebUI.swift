/// The web surface's kit: typed HTML that escapes by construction (`HTML/`) and the HTTP/1.1 wire with its
/// limits (`HTTP/`). The server, live updates and `WebScene` come next (issue 13).
public enum WebUI {}
