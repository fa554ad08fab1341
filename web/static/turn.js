/* "Your turn" on a player's own phone: the headline says so, the phone buzzes where the
   browser allows it (navigator.vibrate), and, if the player turned it on, a short tone
   (Web Audio: nothing to download). The same when a prompt waits for this seat. */
"use strict";
window.Companion = window.Companion || {};
(function (C) {
  const SOUND = "tc-sound";
  let wasMine = null;

  function mine(view, current) {
    const seat = view.viewer.seat;
    if (seat === null || seat === undefined || view.table.ended) return false;
    const prompt = view.prompt;
    if (prompt && prompt.kind === "secret") return (prompt.seats || []).includes(seat);
    if (prompt && prompt.seat !== null && prompt.seat !== undefined) return prompt.seat === seat;
    return current === seat;
  }

  C.turnLine = function (view, current) {
    if (view.table.closed) return C.t("ui.game_closed");
    if (view.table.ended) return C.t("ui.game_over");
    if (current === null || current === undefined) return "";
    if (view.viewer.seat === current) return C.t("ui.your_turn");
    return C.t("ui.turn_of", { name: C.seatName(current) });
  };

  /* Called on every change: tells the player once, when it becomes theirs. */
  C.noticeTurn = function (view, current) {
    const now = mine(view, current);
    document.body.classList.toggle("my-turn", now);
    if (now && wasMine === false) {
      if (navigator.vibrate) navigator.vibrate([180, 80, 180]);
      if (localStorage.getItem(SOUND) === "on") tone();
    }
    wasMine = now;
  };

  function tone() {
    try {
      const audio = new (window.AudioContext || window.webkitAudioContext)();
      const note = audio.createOscillator();
      const gain = audio.createGain();
      note.frequency.value = 660;
      gain.gain.setValueAtTime(0.2, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
      note.connect(gain).connect(audio.destination);
      note.start();
      note.stop(audio.currentTime + 0.4);
    } catch (error) {
      /* no audio on this device: the headline and the buzz remain */
    }
  }

  /* The player's choice, kept on this phone. */
  C.soundToggle = function () {
    const button = document.getElementById("sound-toggle");
    if (!button) return;
    const show = () =>
      button.setAttribute("aria-pressed", localStorage.getItem(SOUND) === "on" ? "true" : "false");
    button.addEventListener("click", () => {
      localStorage.setItem(SOUND, localStorage.getItem(SOUND) === "on" ? "off" : "on");
      show();
      if (localStorage.getItem(SOUND) === "on") tone();
    });
    show();
  };
})(window.Companion);
