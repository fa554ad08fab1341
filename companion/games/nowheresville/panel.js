/* Nowheresville: Bandit Paradise — the board, drawn from view(state, seat).
 *
 * The tablet (ctx.seat === null) sees the Location cards as laid out on the table (Bank,
 * Coach and Prison on top, the Saloon at the bottom) with the bandits sent there, the pots
 * as stacks of face-down notes, the Victim, every gang with its tokens and Wounds, who has
 * planned, any Shootout or robbery in progress, and the public news. A phone sees the same
 * with its own money, plan, pot takings and gang first. The view never carries anyone
 * else's money, so nothing here could show it.
 */
(function () {
  "use strict";

  // The layout of the Location cards, top row first ("Game Setup", point 5).
  var ROWS = [
    ["bank", "coach", "prison"],
    ["shop", "black_market"],
    ["town"],
    ["school"],
    ["saloon"],
    ["hideout"],
  ];
  var PRICE = { shop: 100, black_market: 200 };
  var CAPS = { bullets: 6, courage: 3, experience: 3 };
  var SLOTS = ["original", "accomplice", "accomplice2"];

  var CSS = [
    ".nowheresville{font-size:1.2rem;color:var(--fg);display:grid;gap:.8rem;min-width:0}",
    ".nowheresville h3{margin:.1rem 0 .3rem;font-size:1.3rem}",
    ".nowheresville-head{display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;align-items:baseline}",
    ".nowheresville-winner{font-size:2.2rem;font-weight:800;color:var(--accent);text-align:center}",
    ".nowheresville-row{display:flex;flex-wrap:wrap;gap:.6rem}",
    ".nowheresville-row>*{flex:1 1 12rem;min-width:0}",
    ".nowheresville-place{border:2px solid var(--muted);border-radius:.7rem;padding:.5rem .7rem;",
    "background:var(--card)}",
    ".nowheresville-place.is-now,.nowheresville-bandit.is-now{border-color:var(--accent);",
    "box-shadow:0 0 0 2px var(--accent)}",
    ".nowheresville-place.is-empty{opacity:.6}",
    ".nowheresville-muted{color:var(--muted)}",
    ".nowheresville-chip{display:inline-block;border:1px solid var(--muted);border-radius:1rem;",
    "padding:.05rem .6rem;margin:.15rem .3rem .15rem 0}",
    ".nowheresville-chip.is-now{border-color:var(--accent);color:var(--accent);font-weight:700}",
    ".nowheresville-chip.is-fallen{text-decoration:line-through;color:var(--muted)}",
    ".nowheresville-gangs{display:grid;gap:.6rem;",
    "grid-template-columns:repeat(auto-fill,minmax(min(18rem,100%),1fr))}",
    ".nowheresville-bandit{border:2px solid transparent;margin-top:.4rem}",
    ".nowheresville-pips{letter-spacing:.08rem;white-space:nowrap}",
    ".nowheresville-wound{color:#e05555}",
    ".nowheresville-card{display:inline-flex;align-items:center;gap:.35rem;background:var(--bg);",
    "border:1px solid var(--muted);border-radius:.35rem;padding:.15rem .45rem;margin:.15rem .3rem .15rem 0}",
    ".nowheresville-card.is-hidden{background:repeating-linear-gradient(45deg,var(--card),",
    "var(--card) 6px,var(--bg) 6px,var(--bg) 12px)}",
    ".nowheresville-card b{color:var(--muted);font-weight:600;font-size:.9em}",
    ".nowheresville-icon{width:1.2em;height:1.2em;vertical-align:-.2em}",
    ".nowheresville-notes{display:flex;align-items:center;gap:.6rem}",
    ".nowheresville-notes svg{width:6rem;height:3.4rem}",
    ".nowheresville-total{font-size:2rem;font-weight:700}",
    ".nowheresville-total .die{width:2.4rem;height:2.4rem;vertical-align:middle}",
    ".nowheresville-news li{margin:.15rem 0}",
  ].join("");

  function el(ctx, tag, cls) {
    return ctx.h.apply(
      null,
      [tag, cls ? { class: cls } : {}].concat(Array.prototype.slice.call(arguments, 3)),
    );
  }

  function placeName(ctx, place) {
    return ctx.t("value.nowheresville." + place);
  }

  // Small drawings of the robbery symbols and a gun, as on the Equipment cards.
  function icon(ctx, kind) {
    var s = ctx.s,
      line = { fill: "none", stroke: "currentColor", "stroke-width": 2 };
    var parts = {
      hat: [
        s("path", {
          d: "M1 14Q12 21 23 14Q19 14 17 12L16 5Q14 3 12 5Q10 3 8 5L7 12Q5 14 1 14Z",
          fill: "currentColor",
        }),
      ],
      safe: [
        s("rect", Object.assign({ x: 3, y: 3, width: 18, height: 17, rx: 2 }, line)),
        s("circle", Object.assign({ cx: 12, cy: 11.5, r: 4 }, line)),
      ],
      envelope: [
        s("rect", Object.assign({ x: 2, y: 5, width: 20, height: 14, rx: 1 }, line)),
        s("path", Object.assign({ d: "M2 5L12 13L22 5" }, line)),
      ],
      gun: [s("path", { d: "M2 6h18v5h-8l-1 7H6l1-7H2z", fill: "currentColor" })],
    };
    return s(
      "svg",
      {
        viewBox: "0 0 24 22",
        class: "nowheresville-icon",
        role: "img",
        "aria-label": ctx.t("nowheresville.ui.icon." + kind),
      },
      parts[kind],
    );
  }

  function cardNode(ctx, card) {
    if (card.kind === "gear") {
      return el(
        ctx,
        "span",
        "nowheresville-card",
        el(ctx, "b", "", "#" + card.id),
        ["hat", "safe", "envelope"].map(function (symbol) {
          return [icon(ctx, symbol), String(card[symbol])];
        }),
      );
    }
    return el(
      ctx,
      "span",
      "nowheresville-card",
      el(ctx, "b", "", "#" + card.id),
      icon(ctx, "gun"),
      ctx.t("nowheresville.ui.gun", {
        experience: card.experience,
        free: card.free,
        hands: card.hands,
      }),
    );
  }

  function chip(ctx, text, state) {
    return el(ctx, "span", "nowheresville-chip" + (state ? " is-" + state : ""), text);
  }

  function pips(full, count, cls) {
    var out = "";
    for (var i = 0; i < full; i += 1) {
      out += i < count ? "\u25CF" : "\u25CB";
    }
    return { text: out, cls: "nowheresville-pips " + (cls || "") };
  }

  function pipLine(ctx, label, full, count, cls) {
    var p = pips(full, count, cls);
    return el(ctx, "div", "", label + " ", el(ctx, "span", p.cls, p.text));
  }

  function header(view, ctx) {
    var out = [
      el(
        ctx,
        "div",
        "nowheresville-head",
        el(ctx, "span", "panel-big", ctx.t("nowheresville.ui.round", { round: view.round })),
        el(ctx, "span", "", ctx.t("nowheresville.ui.phase." + view.phase)),
        el(ctx, "span", "nowheresville-muted", ctx.t("nowheresville.ui.goal", { goal: view.goal })),
      ),
    ];
    if (view.winner !== null && view.winner !== undefined) {
      out.push(
        el(
          ctx,
          "div",
          "nowheresville-winner",
          ctx.t("nowheresville.ui.winner", { player: view.players[view.winner] }),
        ),
      );
    }
    if (view.final) out.push(finalMoney(view, ctx));
    return out;
  }

  /* The end, on every screen: each player's money, so anyone can check the winner. */
  function finalMoney(view, ctx) {
    var rows = view.final.money.map(function (amount, seat) {
      return ctx.h(
        "li",
        { "data-final-seat": seat, class: seat === view.final.winner ? "nowheresville-won" : "" },
        ctx.t("nowheresville.ui.final_row", { player: view.players[seat], money: amount }),
      );
    });
    return el(
      ctx,
      "section",
      "panel-box nowheresville-final",
      el(ctx, "h3", "panel-title", ctx.t("nowheresville.ui.final", { goal: view.final.goal })),
      el(ctx, "ul", "", rows),
    );
  }

  function mine(view, ctx) {
    var plan = view.planning && view.planning.mine;
    var slots = plan
      ? Object.keys(plan).filter(function (slot) {
          return slot !== "heal";
        })
      : [];
    return el(
      ctx,
      "section",
      "panel-box",
      el(ctx, "h3", "panel-title", ctx.t("nowheresville.ui.my_money")),
      el(ctx, "div", "panel-big", ctx.t("nowheresville.ui.money", { amount: view.mine.money })),
      plan
        ? el(
            ctx,
            "p",
            "",
            ctx.t("nowheresville.ui.my_plan"),
            " ",
            slots.map(function (slot) {
              return chip(
                ctx,
                view.gangs[view.mine.seat][SLOTS.indexOf(slot)] +
                  " \u2192 " +
                  placeName(ctx, plan[slot]),
              );
            }),
            plan.heal && plan.heal !== "none"
              ? chip(
                  ctx,
                  ctx.t("nowheresville.ui.heal_on", {
                    bandit: view.gangs[view.mine.seat][SLOTS.indexOf(plan.heal)],
                  }),
                )
              : null,
          )
        : null,
      view.mine.takings.length
        ? el(
            ctx,
            "ul",
            "",
            view.mine.takings.map(function (row) {
              return el(
                ctx,
                "li",
                "",
                ctx.t("nowheresville.ui.taking", {
                  round: row.round,
                  pot: placeName(ctx, row.pot),
                  amount: row.amount,
                }),
              );
            }),
          )
        : null,
    );
  }

  function planning(view, ctx) {
    var plan = view.planning;
    return el(
      ctx,
      "section",
      "panel-box",
      el(ctx, "h3", "panel-title", ctx.t("nowheresville.ui.planning")),
      plan.seats.map(function (seat) {
        var done = plan.submitted.indexOf(seat) >= 0,
          skipped = plan.skipped.indexOf(seat) >= 0;
        return chip(
          ctx,
          view.players[seat] +
            " \u2014 " +
            ctx.t(
              done
                ? "nowheresville.ui.chosen"
                : skipped
                  ? "nowheresville.ui.skipped"
                  : "nowheresville.ui.choosing",
            ),
          done || skipped ? "" : "now",
        );
      }),
    );
  }

  // Face-down notes on a pot: the count is public, what they are worth never is.
  function notes(ctx, count) {
    var s = ctx.s,
      shown = Math.min(count, 6),
      svg = s("svg", {
        viewBox: "0 0 90 50",
        role: "img",
        "aria-label": ctx.t("nowheresville.ui.notes", { notes: count }),
      });
    for (var i = 0; i < shown; i += 1) {
      svg.appendChild(
        s("rect", {
          x: 4 + i * 6,
          y: 16 - i * 2,
          width: 58,
          height: 30,
          rx: 3,
          fill: "#3d6b47",
          stroke: "#c9e4c5",
          "stroke-width": 2,
        }),
      );
    }
    return el(
      ctx,
      "div",
      "nowheresville-notes",
      count ? svg : null,
      el(ctx, "span", "nowheresville-total", String(count)),
      el(
        ctx,
        "span",
        "nowheresville-muted",
        ctx.t("nowheresville.ui.notes_word", { notes: count }),
      ),
    );
  }

  function placeBody(view, ctx, place) {
    if (place === "bank" || place === "coach") {
      return notes(ctx, view.pots[place]);
    }
    if (place === "town") {
      return el(
        ctx,
        "div",
        view.victim ? "" : "nowheresville-muted",
        view.victim
          ? ctx.t("nowheresville.ui.victim", view.victim)
          : ctx.t("nowheresville.ui.victim_unknown"),
      );
    }
    if (PRICE[place]) {
      return el(
        ctx,
        "div",
        "nowheresville-muted",
        ctx.t("nowheresville.ui.money", { amount: PRICE[place] }),
      );
    }
    return null;
  }

  function placeCard(view, ctx, place, here) {
    var res = view.resolution,
      now = res && res.place === place;
    var names = now && res.order.length ? res.order.concat(res.unordered) : here[place] || [];
    return el(
      ctx,
      "div",
      "nowheresville-place" + (now ? " is-now" : "") + (names.length ? "" : " is-empty"),
      el(ctx, "h3", "", placeName(ctx, place)),
      placeBody(view, ctx, place),
      el(
        ctx,
        "div",
        "",
        names.map(function (name) {
          return chip(
            ctx,
            name,
            view.fallen.indexOf(name) >= 0 ? "fallen" : name === view.current ? "now" : "",
          );
        }),
      ),
    );
  }

  function board(view, ctx) {
    var here = {};
    Object.keys(view.placements).forEach(function (name) {
      (here[view.placements[name]] = here[view.placements[name]] || []).push(name);
    });
    return el(
      ctx,
      "section",
      "",
      ROWS.map(function (row) {
        var shown = row.filter(function (place) {
          return view.places.indexOf(place) >= 0 && (place !== "hideout" || here.hideout);
        });
        return shown.length
          ? el(
              ctx,
              "div",
              "nowheresville-row",
              shown.map(function (place) {
                return placeCard(view, ctx, place, here);
              }),
            )
          : null;
      }),
    );
  }

  // A gang's slots, as the planning form names them ("Starting bandit", "Accomplice"...).
  function slotOf(view, name) {
    var b = view.bandits[name];
    return SLOTS[view.gangs[b.seat].indexOf(name)];
  }

  function bandit(view, ctx, name) {
    var b = view.bandits[name],
      where = view.placements[name];
    return el(
      ctx,
      "div",
      "panel-box nowheresville-bandit" + (name === view.current ? " is-now" : ""),
      el(
        ctx,
        "h3",
        "",
        name,
        " ",
        el(ctx, "span", "nowheresville-muted", ctx.t("value.nowheresville." + slotOf(view, name))),
        where ? [" ", chip(ctx, placeName(ctx, where))] : null,
      ),
      pipLine(
        ctx,
        ctx.t("nowheresville.ui.wounds", { wounds: b.wounds, hits: b.hits }),
        b.hits,
        b.wounds,
        "nowheresville-wound",
      ),
      pipLine(ctx, ctx.t("param.nowheresville.bullets"), CAPS.bullets, b.bullets),
      pipLine(ctx, ctx.t("param.nowheresville.courage"), CAPS.courage, b.courage),
      pipLine(ctx, ctx.t("nowheresville.ui.experience_tokens"), CAPS.experience, b.experience),
      el(
        ctx,
        "div",
        "",
        ctx.t("nowheresville.ui.experience_total", { total: b.experience_total }),
        b.wicked.length
          ? " \u00B7 " + ctx.t("nowheresville.ui.wicked", { count: b.wicked.length })
          : "",
        b.lucky ? " \u00B7 " + ctx.t("nowheresville.ui.lucky", { count: b.lucky }) : "",
      ),
      el(
        ctx,
        "div",
        "",
        b.equipment.map(function (card) {
          return cardNode(ctx, card);
        }),
        b.face_down
          ? el(
              ctx,
              "span",
              "nowheresville-card is-hidden",
              ctx.t("nowheresville.ui.face_down", { count: b.face_down }),
            )
          : null,
      ),
    );
  }

  function gang(view, ctx, seat) {
    return el(
      ctx,
      "div",
      "",
      el(
        ctx,
        "h3",
        "",
        view.players[seat],
        view.heal_cards[seat]
          ? el(
              ctx,
              "span",
              "nowheresville-muted",
              " \u2014 " + ctx.t("nowheresville.ui.heal_cards", { count: view.heal_cards[seat] }),
            )
          : null,
      ),
      view.gangs[seat].map(function (name) {
        return bandit(view, ctx, name);
      }),
    );
  }

  function gangs(view, ctx, seats) {
    return el(
      ctx,
      "section",
      "nowheresville-gangs",
      seats.map(function (seat) {
        return gang(view, ctx, seat);
      }),
    );
  }

  function shootout(view, ctx) {
    var fight = view.shootout;
    return el(
      ctx,
      "section",
      "panel-box",
      el(
        ctx,
        "h3",
        "panel-title",
        ctx.t("nowheresville.ui.shootout", { place: placeName(ctx, fight.place) }),
      ),
      el(
        ctx,
        "p",
        "",
        ctx.t("nowheresville.ui.chooses_first", { names: fight.chooses_first.join(", ") }),
      ),
      el(
        ctx,
        "ul",
        "",
        fight.fighters.map(function (f) {
          return el(
            ctx,
            "li",
            f.fallen ? "nowheresville-muted" : "",
            ctx.t("nowheresville.ui.fighter", {
              bandit: f.bandit,
              wounds: f.wounds,
              experience: f.experience_total,
              free: f.free_left,
              bullets: f.bullets,
            }),
            fight.rolls[f.bandit] ? [" ", ctx.die("d6", fight.rolls[f.bandit])] : null,
          );
        }),
      ),
      fight.runaways.length
        ? el(
            ctx,
            "p",
            "nowheresville-muted",
            ctx.t("nowheresville.ui.runaways", { names: fight.runaways.join(", ") }),
          )
        : null,
    );
  }

  function robbery(view, ctx) {
    var r = view.robbery;
    return el(
      ctx,
      "section",
      "panel-box",
      el(
        ctx,
        "h3",
        "panel-title",
        ctx.t("nowheresville.ui.robbery", {
          bandit: r.bandit,
          place: placeName(ctx, r.place),
        }),
      ),
      el(
        ctx,
        "div",
        "nowheresville-total",
        r.roll ? ctx.die("d6", r.roll) : "?",
        " + ",
        icon(ctx, r.symbol),
        String(r.bonus),
        r.courage ? " + " + r.courage : "",
        r.roll ? " = " + r.total : "",
        el(
          ctx,
          "span",
          "nowheresville-muted",
          " (" + ctx.t("nowheresville.ui.needed", { needed: r.needed }) + ")",
        ),
      ),
    );
  }

  function newsLine(view, ctx, item) {
    var params = {};
    Object.keys(item).forEach(function (k) {
      params[k] = Array.isArray(item[k]) ? item[k].join(", ") : item[k];
    });
    if (typeof item.player === "number") {
      params.player = view.players[item.player];
    }
    if (typeof item.to === "number") {
      params.to = view.players[item.to];
    }
    if (item.place) {
      params.place = placeName(ctx, item.place);
    }
    if (item.pot) {
      params.pot = placeName(ctx, item.pot);
    }
    var text = ctx.t("nowheresville.news." + item.kind, params);
    if (item.kind === "death" && item.paid) {
      text += " " + ctx.t("nowheresville.ui.death_paid", params);
    }
    if (item.kind === "robbery") {
      text += " " + ctx.t(item.success ? "nowheresville.ui.success" : "nowheresville.ui.failure");
    }
    return el(ctx, "li", "", text);
  }

  function news(view, ctx) {
    var items = view.news.slice(-8).reverse();
    return items.length
      ? el(
          ctx,
          "section",
          "panel-box nowheresville-news",
          el(ctx, "h3", "panel-title", ctx.t("nowheresville.ui.news")),
          el(
            ctx,
            "ul",
            "",
            items.map(function (item) {
              return newsLine(view, ctx, item);
            }),
          ),
        )
      : null;
  }

  Companion.registerPanel("nowheresville", {
    render: function (view, ctx) {
      var seats = view.players.map(function (_, seat) {
        return seat;
      });
      var own = view.mine ? view.mine.seat : null;
      var others = seats.filter(function (seat) {
        return seat !== own;
      });
      return el(
        ctx,
        "div",
        "nowheresville",
        ctx.h("style", {}, CSS),
        header(view, ctx),
        view.mine ? mine(view, ctx) : null,
        own !== null ? gangs(view, ctx, [own]) : null,
        view.planning ? planning(view, ctx) : null,
        view.shootout ? shootout(view, ctx) : null,
        view.robbery ? robbery(view, ctx) : null,
        board(view, ctx),
        gangs(view, ctx, others),
        news(view, ctx),
      );
    },
  });
})();
