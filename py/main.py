# Entry point loaded by index.html; the app itself lives in py/app (shipped in static/py.zip).
from app.main import start

start()
