"""Sound and vibration: a view asks for a named cue, `sound.cue("hit")`, and hears it
if the player's Sound setting is on (settings.sound_on).

The cues are made with the Web Audio API (no files, nothing fetched): each is a few
short notes or a burst of filtered noise. Browsers let a page start sound only after
a gesture, so the AudioContext is made on the first press or key after Sound is on
(wake(), which the app calls on every gesture), never at start-up; a cue asked for
before then is silent. Phones that can vibrate (navigator.vibrate) also buzz for a
hit, a sunk ship and a win, under the same setting.

Imported under CPython too: the browser is only reached by the Web Audio player,
which the app installs at start (use(WebAudio())); until then cues go nowhere.
"""

from typing import Any

CUES = ("move", "select", "hit", "miss", "sink", "line", "invalid", "win", "lose", "tick")

# Notes of each cue: (start s, length s, wave, frequency Hz, frequency at the end, level).
# A "noise" wave is white noise through a low-pass filter at that frequency.
# Per cue, its notes: (start s, length s, wave or "noise", Hz, Hz at the end, level).
TONES: dict[str, list[tuple[float, float, str, float, float, float]]] = {
    "move": [(0, 0.09, "sine", 620, 420, 0.3)],
    "select": [(0, 0.05, "sine", 990, 990, 0.15)],
    "hit": [(0, 0.25, "triangle", 190, 60, 0.6), (0, 0.14, "noise", 1800, 500, 0.35)],
    "miss": [(0, 0.4, "noise", 1400, 300, 0.3), (0, 0.18, "sine", 360, 160, 0.15)],
    "sink": [(0, 0.7, "triangle", 300, 55, 0.55), (0.05, 0.6, "noise", 900, 150, 0.35)],
    "line": [
        (0, 0.14, "sine", 523, 523, 0.3),
        (0.08, 0.14, "sine", 659, 659, 0.3),
        (0.16, 0.22, "sine", 784, 784, 0.3),
    ],
    "invalid": [(0, 0.08, "square", 150, 140, 0.08), (0.11, 0.1, "square", 130, 120, 0.08)],
    "win": [
        (0, 0.12, "triangle", 523, 523, 0.35),
        (0.1, 0.12, "triangle", 659, 659, 0.35),
        (0.2, 0.12, "triangle", 784, 784, 0.35),
        (0.3, 0.45, "triangle", 1047, 1047, 0.35),
    ],
    "lose": [
        (0, 0.16, "sine", 392, 392, 0.3),
        (0.15, 0.16, "sine", 330, 330, 0.3),
        (0.3, 0.5, "sine", 262, 220, 0.3),
    ],
    "tick": [(0, 0.035, "sine", 1300, 1300, 0.18)],
}

# Vibration patterns (ms on, off, on, ...) on phones that can.
VIBRATIONS = {"hit": [35], "sink": [60, 50, 140], "win": [50, 60, 50, 60, 160]}

VOLUME = 0.5  # of every cue, at the one output


class Silent:
    """Until the app installs the Web Audio player (and under CPython)."""

    def play(self, name: str) -> None:
        pass

    def wake(self) -> None:
        pass


_player = Silent()
_on = False


def use(player) -> None:
    """The player of cues from now on (the app's WebAudio; a test's recorder)."""
    global _player
    _player = player


def set_on(on: bool) -> None:
    global _on
    _on = on


def is_on() -> bool:
    return _on


def cue(name: str) -> None:
    """Play the cue `name` (one of CUES), if Sound is on."""
    if name not in TONES:
        raise ValueError(f"no cue {name!r}")
    if _on:
        _player.play(name)


def wake() -> None:
    """A gesture (press or key): the moment the browser lets sound start."""
    if _on:
        _player.wake()


class WebAudio:
    """Plays TONES with the Web Audio API and VIBRATIONS with navigator.vibrate."""

    def __init__(self):
        from .browser import window

        self.window = window
        self.context: Any = None  # the page's AudioContext, made at the first gesture
        self.output: Any = None  # its gain node, the volume of every cue
        self.noise: Any = None  # one second of white noise, made once
        self.woken = False  # a gesture came (vibrating before one is refused too)

    def wake(self) -> None:
        self.woken = True
        if self.context is None:
            maker = getattr(self.window, "AudioContext", None) or getattr(
                self.window, "webkitAudioContext", None
            )
            if maker is None:
                return
            self.context = maker.new()
            self.output = self.context.createGain()
            self.output.gain.value = VOLUME
            self.output.connect(self.context.destination)
        if str(self.context.state) == "suspended":  # made before a gesture counted, or iOS
            self.context.resume()

    def play(self, name: str) -> None:
        pattern = VIBRATIONS.get(name)
        navigator = self.window.navigator
        if pattern and self.woken and hasattr(navigator, "vibrate"):
            from pyodide.ffi import to_js

            navigator.vibrate(to_js(pattern))
        if self.context is None:
            return  # no gesture yet: the browser would not play it
        now = float(self.context.currentTime)
        for start, length, wave, frequency, end_frequency, level in TONES[name]:
            self._note(now + start, length, wave, frequency, end_frequency, level)

    def _note(self, at, length, wave, frequency, end_frequency, level) -> None:
        context = self.context
        envelope = context.createGain()
        envelope.gain.setValueAtTime(0.0001, at)
        envelope.gain.exponentialRampToValueAtTime(level, at + 0.008)
        envelope.gain.exponentialRampToValueAtTime(0.0001, at + length)
        envelope.connect(self.output)
        if wave == "noise":
            source = context.createBufferSource()
            source.buffer = self._noise_buffer()
            shaper = context.createBiquadFilter()
            shaper.type = "lowpass"
            shaper.frequency.setValueAtTime(frequency, at)
            shaper.frequency.exponentialRampToValueAtTime(end_frequency, at + length)
            source.connect(shaper)
            shaper.connect(envelope)
        else:
            source = context.createOscillator()
            source.type = wave
            source.frequency.setValueAtTime(frequency, at)
            if end_frequency != frequency:
                source.frequency.exponentialRampToValueAtTime(end_frequency, at + length)
            source.connect(envelope)
        source.start(at)
        source.stop(at + length + 0.02)

    def _noise_buffer(self):
        """One second of white noise, made once."""
        if self.noise is None:
            import random

            from pyodide.ffi import to_js

            rate = int(self.context.sampleRate)
            self.noise = self.context.createBuffer(1, rate, rate)
            samples = [random.uniform(-1.0, 1.0) for _ in range(rate)]
            self.noise.copyToChannel(self.window.Float32Array.new(to_js(samples)), 0)
        return self.noise
