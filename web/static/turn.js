// @ts-check
/* "Your turn" on the phone of every seat the table waits for (the prompt's seat, a sealed
   round's missing seats, a die's owners): the headline says so, the phone buzzes where the
   browser allows it (navigator.vibrate), and, if the player turned it on, a short tone
   (Web Audio: nothing to download). Every other screen reads who is awaited. */

import { t } from "./shell.js";
import { seatName } from "./table.js";

const SOUND = "tc-sound";
let wasMine = null;

/* The seats the table waits for: the server's answer (view.table.awaited, made by
   companion/play/awaited.py for every viewer alike), less the owners of a throw answered die by
   die whose dice are all in (the parts are live, not game state). The prompt bar offers a
   phone the prompt's answers only while its seat is among them (actions.js, dice.js). */
export function awaited(view) {
  const awaited = view.table.awaited || [];
  const prompt = view.prompt,
    parts = view.table.dice_parts;
  if (!prompt || !prompt.owners || !parts) return awaited;
  return awaited.filter((seat) =>
    prompt.owners.some((owner, i) => owner === seat && parts.faces[i] === null),
  );
}

function mine(view) {
  const seat = view.viewer.seat;
  if (seat === null || seat === undefined || view.table.ended) return false;
  return awaited(view).includes(seat);
}

/* The headline: "Your turn" on the phone of each seat the table waits for, whose turn it
   is everywhere else; the table's own choice (made on the tablet) says so. */
export function turnLine(view) {
  if (view.table.closed) return t("ui.game_closed");
  if (view.table.ended) return t("ui.game_over");
  if (mine(view)) return t("ui.your_turn");
  const seats = awaited(view);
  if (seats.length === 1) return t("ui.turn_of", { name: seatName(seats[0]) });
  if (seats.length) return t("ui.awaiting", { names: seats.map(seatName).join(", ") });
  return view.prompt ? t("ui.awaiting_table") : "";
}

/* Called on every change: tells the player once, when it becomes theirs. */
export function noticeTurn(view) {
  const now = mine(view);
  document.body.classList.toggle("my-turn", now);
  if (now && wasMine === false) {
    if (navigator.vibrate) navigator.vibrate([180, 80, 180]);
    if (localStorage.getItem(SOUND) === "on") tone();
  }
  wasMine = now;
}

function tone() {
  try {
    const audio = new (window.AudioContext || /** @type {any} */ (window).webkitAudioContext)();
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
export function soundToggle() {
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
}
