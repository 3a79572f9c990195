#!/usr/bin/env python3
"""A loopback server for Tests/e2e/pictures.sh: car-news articles and chats whose pictures it serves itself
(fixtures/pictures), so the host fetches them from the source's own origin. Prints its port, then serves until
killed. Usage: picture_server.py [PORT]"""
import json
import pathlib
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PICTURES = pathlib.Path(__file__).resolve().parent / "fixtures" / "pictures"
CARS = ["red", "blue", "yellow", "green", "white", "black"]
TITLES = ["Red roadster: the long way home", "Blue saloon at dusk", "Yellow hatchback in the hills",
          "Green estate, quietly electric", "White coupé on the coast road", "Black SUV after sunset"]
PEOPLE = [("Anna Lindqvist", "avatar-anna.png"), ("Noah Fischer", "avatar-noah.jpg"), ("Marco Bianchi", "avatar-marco.png")]


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def origin(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def send(self, status, body, kind):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path.endswith("/article/get_articles_list"):
            articles = [{
                "id": 1000 - i, "title": TITLES[i], "ingress": f"{TITLES[i]}.", "image": f"{self.origin()}/pictures/car-{c}.jpg",
                "dateTime": f"{10 + i:02d}.05.2018 1{i}:13", "tags": [], "content": [], "created": 0, "changed": 0,
            } for i, c in enumerate(CARS)]
            self.send(200, json.dumps({"status": "success", "content": articles}).encode(), "application/json")
        elif self.path == "/chats.json":
            chats = [{
                "identifier": i + 1, "fullname": name, "avatarURL": f"{self.origin()}/pictures/{file}",
                "message": f"Hello from {name.split()[0]}!", "unreadMessagesCount": i, "sendingDate": f"2026-03-1{6 - i}T10:00:00Z",
            } for i, (name, file) in enumerate(PEOPLE)]
            self.send(200, json.dumps(chats).encode(), "application/json")
        elif self.path.startswith("/pictures/") and (PICTURES / self.path[len("/pictures/"):]).is_file():
            file = PICTURES / self.path[len("/pictures/"):]
            self.send(200, file.read_bytes(), "image/png" if file.suffix == ".png" else "image/jpeg")
        else:
            self.send(404, b"not found", "text/plain")


if __name__ == "__main__":
    server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1]) if len(sys.argv) > 1 else 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
