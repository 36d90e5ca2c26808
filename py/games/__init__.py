"""Pure game engines: no browser imports, runnable under CPython and Pyodide."""
