// wallgen studio: the apps' controls over a live picture. Every range, step, default and
// choice comes from the server (/api/controls, made from wallgen's option declarations);
// every picture, message and command line from wallgen itself. This file only draws.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);

  // MARK: words of the page, in both languages

  // The words come with the controls (/api/controls: words), from wallgen's one
  // catalogue of the page's words; before they arrive the page says nothing but the
  // locked notice, which is in both languages in the page itself.
  let language = (navigator.languages || [navigator.language || "en"]).some((tag) => /^zh/i.test(tag)) ? "zh-Hant" : "en";

  function say(key, values) {
    const words = (data && data.words) || {};
    let text = (words[language] && words[language][key]) || (words.en && words.en[key]) || key;
    for (const name in values || {}) text = text.split("{" + name + "}").join(String(values[name]));
    return text;
  }

  // MARK: state

  let data = null;            // /api/controls
  let tab = "wallpaper";
  const values = { wallpaper: {}, term: {} };    // by control id
  let seasonMode = "season";  // the wallpaper's season from the segments, or from the date
  let termIndex = 0;
  const uploads = { wallpaper: null, term: null };
  let description = null;     // the last /api/describe answer
  let recount = null;         // redraws the text's counter, warning and size step
  const errors = { check: [], render: [] };
  let previewCount = 0;

  function tabData() { return data[tab]; }
  function control(id) { return tabData().controls.find((c) => c.id === id); }

  // MARK: settings as the server reads them

  // The options the page sends: only what differs from the command's own default, so the
  // command line shown stays as short as the one a person would type.
  function settings() {
    const options = {};
    const current = values[tab];
    for (const c of tabData().controls) {
      const value = current[c.id];
      switch (c.id) {
        case "season":
          if (seasonMode === "season" && value) options[c.option] = value;
          continue;
        case "date":
          if (seasonMode === "date" && value) options[c.option] = value;
          continue;
        case "season-rule": case "hemisphere":
          if (seasonMode === "date" && value && value !== c.default) options[c.option] = value;
          continue;
        case "device":
          if (value === "custom") {
            if (current.size) options.size = current.size;
          } else if (value === "here") {
            const screen = screenSize();
            options.size = screen.width + "x" + screen.height;
          } else if (value && value !== c.default) {
            options[c.option] = value;
          }
          continue;
        case "size":
          continue;
        case "place":
          if (value && value.trim()) options[c.option] = value.trim();
          continue;
        case "hour":
          // The hour of the page's day: its date when the season is read from one, else today.
          if (current.place && current.place.trim()) {
            const day = tab === "wallpaper" && seasonMode === "date" && current.date ? current.date : data.today;
            options[c.option] = day + "T" + clockText(value !== undefined ? value : c.default);
          }
          continue;
        case "background":
          if (uploads[tab]) options[c.option] = uploads[tab];
          continue;
        case "quality":
          if (current.format && current.format !== "png" && value !== undefined && String(value) !== c.default) {
            options[c.option] = String(value);
          }
          continue;
      }
      if (c.kind === "flag") {
        if (value === true) options[c.option] = true;
      } else if (value !== undefined && value !== null && String(value) !== "" && String(value) !== (c.default || "")) {
        options[c.option] = String(value);
      }
    }
    // Under a sky the command shows the picture whole unless --alpha is given: the slider
    // is the page's word, so it is said even at its default.
    if (options.place && tab === "wallpaper" && options.alpha === undefined) {
      options.alpha = String(current.alpha !== undefined ? current.alpha : control("alpha").default);
    }
    // On the Chinese page the wallpaper's label says the season in Chinese (the words'
    // label-winter), not the command line's English name, unless the person wrote their own.
    const automatic = automaticLabel();
    if (automatic && options.text === undefined) options.text = automatic;
    const made = { command: tab, options: options };
    if (tab === "term") made.term = data.terms[termIndex].slug;
    return made;
  }

  // The label the wallpaper gets when no text is written: the season's Chinese name on
  // the Chinese page; null where the command's own default (the English name) is right.
  function automaticLabel() {
    if (tab !== "wallpaper" || language !== "zh-Hant" || values.wallpaper.label === "off") return null;
    const season = seasonMode === "season" ? values.wallpaper.season : description && description.season;
    return season ? say("label-" + season) : null;
  }

  function screenSize() {
    const ratio = window.devicePixelRatio || 1;
    return { width: Math.round(screen.width * ratio), height: Math.round(screen.height * ratio) };
  }

  // The canvas the settings make, for the preview's shape.
  function canvasSize() {
    const current = values[tab];
    if (current.device === "here") return screenSize();
    if (current.device === "custom") {
      const match = /^(\d+)\s*[xX×]\s*(\d+)$/.exec(current.size || "");
      if (match && +match[1] > 0 && +match[2] > 0) return { width: +match[1], height: +match[2] };
    }
    const device = data.devices.find((d) => d.name === current.device) ||
      data.devices.find((d) => d.name === data.defaultDevice);
    return { width: device.width, height: device.height };
  }

  // A file's name as it is: the controls that would reorder the text around them
  // (U+202A–U+202E, U+2066–U+2069) shown as [U+202E], as wallgen's pages show them.
  function visibleName(text) {
    return text.replace(/[\u202A-\u202E\u2066-\u2069]/g,
      (c) => "[U+" + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0") + "]");
  }

  // MARK: talking to the server

  // The studio's token: read once from the address's fragment (#token=…, which the
  // browser never sends to any server) and kept in this tab's sessionStorage, which no
  // other origin (another port of 127.0.0.1 included) can read; it goes with every API
  // request as a header. It is never a cookie: cookies ignore ports, so one would reach
  // every local web server the browser visits.
  function takeTokenFromAddress() {
    const match = /(?:^#|&)token=([0-9a-f]{32})(?:&|$)/.exec(location.hash);
    if (!match) return false;
    sessionStorage.setItem("wallgen-studio-token", match[1]);
    history.replaceState(null, "", location.pathname + location.search);
    return true;
  }
  takeTokenFromAddress();
  const token = sessionStorage.getItem("wallgen-studio-token") || "";
  // The address opened again in this tab (only its fragment differs, so the browser would
  // not load the page): taken as a new start, as a page load would be.
  window.addEventListener("hashchange", () => { if (takeTokenFromAddress()) location.reload(); });

  function api(path, options) {
    const given = options || {};
    return fetch(path, Object.assign({}, given, {
      headers: Object.assign({}, given.headers, { "X-Wallgen-Token": token }),
      credentials: "omit",
    }));
  }

  async function post(path, body) {
    return api(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  }

  async function failures(response) {
    try {
      const body = await response.json();
      if (body && body.errors) return body.errors;
    } catch (ignored) { /* not JSON */ }
    return [{ option: null, message: (await response.text().catch(() => "")) || response.statusText }];
  }

  // One request in flight, and at most one waiting: a new change replaces the waiting one,
  // so a fast drag never queues stale renders and the newest always wins.
  // The body's data-busy says whether any request is in flight or waiting (tests wait on it).
  let working = 0;
  function pump(send) {
    let busy = false;
    let waiting = null;
    async function next() {
      if (busy || waiting === null) {
        document.body.dataset.busy = String(working > 0);
        return;
      }
      const job = waiting;
      waiting = null;
      busy = true;
      working += 1;
      document.body.dataset.busy = "true";
      try { await send(job); } finally { busy = false; working -= 1; next(); }
    }
    return function (job) { waiting = job; next(); };
  }

  const askDescription = pump(async function (body) {
    const response = await post("/api/describe", body).catch(() => null);
    if (!response || !response.ok) return;
    showDescription(await response.json());
  });

  const previewImage = $("preview");
  let shownURL = null;
  let shownKey = "";
  const askPreview = pump(async function (body) {
    const key = JSON.stringify(body);
    if (key === shownKey) return;
    previewCount += 1;
    document.body.dataset.previews = String(previewCount);
    let response;
    try {
      response = await post("/api/preview", body);
    } catch (error) {
      return;
    }
    if (!response.ok) {
      errors.render = await failures(response);
      previewImage.classList.add("stale");
      showErrors();
      return;
    }
    const url = URL.createObjectURL(await response.blob());
    // Decoded before it is shown, so the old picture stays until the new one replaces it whole.
    const next = new Image();
    next.src = url;
    try { await next.decode(); } catch (error) { URL.revokeObjectURL(url); return; }
    previewImage.src = url;
    previewImage.classList.remove("stale");
    if (shownURL) URL.revokeObjectURL(shownURL);
    shownURL = url;
    shownKey = key;
    previewImage.dataset.width = String(body.width);
    previewImage.dataset.height = String(body.height);
    previewImage.dataset.settings = JSON.stringify(body.settings);
    previewImage.dataset.serial = String((+previewImage.dataset.serial || 0) + 1);
    errors.render = [];
    showErrors();
    askScheme(body);
  });

  // The picture's colour schemes, made by wallgen from the preview's own pixels: a line
  // of a terminal in each, and its sixteen colours.
  const askScheme = pump(async function (body) {
    const response = await post("/api/scheme", body).catch(() => null);
    if (!response || !response.ok) { $("scheme").hidden = true; return; }
    const scheme = await response.json();
    for (const [id, variant, key] of [["scheme-light", scheme.light, "light"], ["scheme-dark", scheme.dark, "darkScheme"]]) {
      const box = $(id);
      box.replaceChildren();
      box.style.background = variant.background;
      box.style.color = variant.foreground;
      box.dataset.background = variant.background;
      box.dataset.foreground = variant.foreground;
      const words = [["red", 1], ["green", 2], ["yellow", 3], ["blue", 4], ["magenta", 5], ["cyan", 6]];
      const line = element("p", {}, [element("span", { text: say(key) + " $ " })].concat(
        words.map(([word, index]) => {
          const span = element("span", { text: word + " " });
          span.style.color = variant.colors[index];
          return span;
        })));
      const swatches = element("div", { className: "scheme-swatches" }, variant.colors.map((colour, index) => {
        const swatch = element("span", { title: "color" + index + " " + colour });
        swatch.style.background = colour;
        swatch.dataset.colour = colour;
        return swatch;
      }));
      box.append(line, swatches);
    }
    $("scheme").dataset.seed = scheme.seed;
    $("scheme").dataset.settings = JSON.stringify(body.settings);
    $("scheme").dataset.size = body.width + "x" + body.height;
    $("scheme").hidden = false;
  });

  // The preview at the size it is shown, in device pixels: the box it may fill, the
  // canvas's shape, and the screen's pixel ratio.
  function previewRequest() {
    const frame = $("frame");
    const ratio = window.devicePixelRatio || 1;
    const box = frame.getBoundingClientRect();
    const canvas = canvasSize();
    if (box.width < 20 || box.height < 20) return null;
    const scale = Math.min(box.width / canvas.width, box.height / canvas.height);
    const width = Math.max(1, Math.round(canvas.width * scale * ratio));
    const height = Math.max(1, Math.round(canvas.height * scale * ratio));
    previewImage.style.width = (width / ratio) + "px";
    previewImage.style.height = (height / ratio) + "px";
    return { settings: settings(), width: width, height: height };
  }

  function changed() {
    const request = previewRequest();
    askDescription({ settings: settings() });
    if (request) askPreview(request);
    saveState();
  }

  // MARK: what the server says

  function showDescription(described) {
    description = described;
    $("command").textContent = described.command;
    errors.check = described.errors || [];
    if (tab === "wallpaper" && described.season && seasonMode === "date") {
      values.wallpaper.season = described.season;
      markSeason();
    }
    const warning = document.querySelector("[data-testid=text-warning]");
    if (warning) {
      const cut = (described.warnings || []).find((w) => w.indexOf("--text") >= 0);
      if (cut) warning.title = cut;
    }
    if (recount) recount();
    showErrors();
  }

  function showErrors() {
    for (const old of document.querySelectorAll(".error")) old.remove();
    const seen = new Set();
    for (const error of errors.check.concat(errors.render)) {
      if (seen.has(error.message)) continue;
      seen.add(error.message);
      const box = document.createElement("div");
      box.className = "error";
      box.setAttribute("role", "alert");
      box.dataset.testid = "error";
      box.textContent = error.message;
      const owner = error.option && tabData().controls.find((c) => c.option === error.option);
      const row = owner && document.querySelector('.row[data-control="' + owner.id + '"]');
      if (row) {
        box.dataset.for = owner.id;
        row.appendChild(box);
      } else {
        box.dataset.for = "command";
        $("command-errors").appendChild(box);
      }
    }
  }

  // MARK: drawing the controls

  function element(tag, properties, children) {
    const made = document.createElement(tag);
    for (const name in properties || {}) {
      if (name === "testid") made.dataset.testid = properties[name];
      else if (name === "text") made.textContent = properties[name];
      else made[name] = properties[name];
    }
    for (const child of children || []) made.appendChild(child);
    return made;
  }

  function row(c, field, labelFor) {
    const label = element("label", { text: say(c.label), title: c.help });
    if (labelFor) label.htmlFor = labelFor;
    const made = element("div", { className: "row" }, [label, element("div", { className: "field" }, field)]);
    made.dataset.control = c.id;
    return made;
  }

  function set(id, value) {
    values[tab][id] = value;
    changed();
  }

  function segmented(id, testid, choices, current, pick) {
    const group = element("div", { className: "segments", testid: testid, role: "group" });
    group.id = id;
    for (const choice of choices) {
      const button = element("button", { type: "button", text: say(choice) });
      button.dataset.value = choice;
      button.setAttribute("aria-pressed", String(choice === current));
      button.addEventListener("click", () => pick(choice));
      group.appendChild(button);
    }
    return group;
  }

  function choiceSelect(c, value) {
    const select = element("select", { testid: c.id, id: "control-" + c.id, title: c.help });
    for (const choice of c.choices) select.appendChild(element("option", { value: choice, text: say(choice) }));
    select.value = value !== undefined ? value : c.default || c.choices[0];
    select.addEventListener("change", () => set(c.id, select.value));
    return select;
  }

  function sliderControl(c, value) {
    const slider = element("input", {
      type: "range", testid: c.id, id: "control-" + c.id, min: c.minimum, max: c.maximum, step: c.step,
    });
    slider.value = value !== undefined ? value : c.default;
    const shown = element("output", { testid: c.id + "-value", text: slider.value });
    shown.htmlFor = slider.id;
    slider.addEventListener("input", () => {
      shown.textContent = slider.value;
      set(c.id, slider.value);
    });
    return [slider, shown];
  }

  function colourControl(c, value) {
    const input = element("input", {
      type: "text", testid: c.id, id: "control-" + c.id, placeholder: c.default || say("automatic"),
      autocomplete: "off", spellcheck: false, title: c.help,
    });
    input.value = value || "";
    input.setAttribute("list", "colour-names");
    const swatch = element("input", { type: "color", title: c.help });
    swatch.setAttribute("aria-label", say(c.label));
    // The swatch shows what the text names: #RRGGBB, or a CSS name's value (midnightblue).
    function showSwatch() {
      const text = (input.value || c.default || "").trim();
      const hex = /^#?([0-9a-fA-F]{6})$/.exec(text);
      const named = data.colours && data.colours[text.toLowerCase()];
      swatch.value = hex ? "#" + hex[1].toLowerCase() : named ? named.toLowerCase() : "#ffffff";
    }
    showSwatch();
    swatch.addEventListener("input", () => {
      input.value = swatch.value.toUpperCase();
      set(c.id, input.value);
    });
    input.addEventListener("input", () => { showSwatch(); set(c.id, input.value.trim()); });
    return [input, swatch];
  }

  function textControl(c, value) {
    const input = element("input", { type: "text", testid: "text", id: "control-text", autocomplete: "off", title: c.help });
    input.value = value || "";
    input.placeholder = automaticLabel() || "";
    const count = element("span", { className: "count", testid: "text-count" });
    const warning = element("span", { className: "warning", testid: "text-warning" });
    const steps = element("span", { className: "step-sizes", testid: "text-step" });
    function count_() {
      const n = graphemes(input.value);
      const max = data.maxCharacters;
      count.textContent = n + " / " + max;
      count.dataset.count = String(n);
      warning.hidden = n <= max;
      // Past the limit the label is cut at its last whole word: the server says what is
      // drawn (its description), and the size step is the drawn text's.
      const drawn = description && description.textShown && description.textCount === n ? description.textShown : null;
      warning.textContent = n > max ? say("over", { max: max, shown: drawn || "…" }) : "";
      count.classList.toggle("warning", n > max);
      const shownCount = drawn ? graphemes(drawn) : Math.min(n, max);
      let step = data.textSteps[0];
      for (const s of data.textSteps) if (Math.max(shownCount, 1) >= s.from) step = s;
      steps.textContent = "";
      steps.appendChild(document.createTextNode(say("stepSize") + " "));
      data.textSteps.forEach((s, i) => {
        if (i) steps.appendChild(document.createTextNode(" · "));
        steps.appendChild(s === step && n > 0 ? element("b", { text: say(s.step) }) : document.createTextNode(say(s.step)));
      });
      steps.dataset.step = n > 0 ? step.step : "";
    }
    input.addEventListener("input", () => { count_(); set("text", input.value); });
    count_();
    recount = count_;
    return [input, count, warning, steps];
  }

  // Characters as a person counts them: grapheme clusters, so 👍🏽 is one.
  function graphemes(text) {
    if (window.Intl && Intl.Segmenter) {
      let n = 0;
      for (const ignored of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)) n += 1;
      return n;
    }
    return Array.from(text).length;
  }

  function deviceControl(c, value) {
    const select = element("select", { testid: "device", id: "control-device", title: c.help });
    for (const device of data.devices) {
      select.appendChild(element("option", { value: device.name, text: device.name + " " + device.width + "×" + device.height }));
    }
    select.appendChild(element("option", { value: "custom", text: say("custom") }));
    select.appendChild(element("option", { value: "here", text: say("here") }));
    select.value = value || c.default;
    select.addEventListener("change", () => {
      sizeRow.hidden = select.value !== "custom";
      set("device", select.value);
    });
    const sizeControl = control("size");
    const size = element("input", {
      type: "text", testid: "size", id: "control-size", placeholder: "1920x1080", autocomplete: "off",
      title: sizeControl.help, inputMode: "numeric",
    });
    size.value = values[tab].size || "";
    size.addEventListener("input", () => set("size", size.value.trim()));
    const sizeRow = row(sizeControl, [size], "control-size");
    sizeRow.hidden = select.value !== "custom";
    return { field: [select], extra: sizeRow };
  }

  function pictureControl(c) {
    // The browser's own file input says "No file chosen" even after a picture was chosen
    // and uploaded (the controls are drawn again): it stays hidden behind a button of the
    // page's, and the chosen picture's name is shown beside it.
    const input = element("input", { type: "file", testid: "background", id: "control-background", accept: "image/*", title: c.help });
    input.className = "file-input";
    const choose = element("button", {
      type: "button", className: "small", testid: "background-choose",
      text: say(uploads[tab] ? "changePicture" : "choosePicture"), title: c.help,
    });
    choose.addEventListener("click", () => input.click());
    const name = element("bdi", { className: "file-name", testid: "background-name", text: visibleName(uploads[tab] || "") });
    const remove = element("button", { type: "button", className: "small", testid: "background-remove", text: say("remove") });
    remove.hidden = !uploads[tab];
    input.addEventListener("change", () => { if (input.files[0]) upload(input.files[0]); });
    remove.addEventListener("click", () => {
      uploads[tab] = null;
      input.value = "";
      drawControls();
      changed();
    });
    return [input, choose, name, remove];
  }

  async function upload(file) {
    errors.render = [];
    const response = await api("/api/upload?name=" + encodeURIComponent(file.name), { method: "POST", body: file })
      .catch(() => null);
    if (!response || !response.ok) {
      errors.render = response ? await failures(response) : [{ option: "background", message: "the upload failed" }];
      for (const error of errors.render) if (!error.option) error.option = "background";
      showErrors();
      return;
    }
    uploads[tab] = (await response.json()).name;
    drawControls();
    changed();
  }

  function title(key) { return element("h3", { className: "group-title", text: say(key) }); }

  // "18:30" from 18.5: the hour slider's value as the clock reads it.
  function clockText(hours) {
    const minutes = Math.round(Number(hours) * 60);
    const pad = (n) => (n < 10 ? "0" : "") + n;
    return pad(Math.floor(minutes / 60)) + ":" + pad(minutes % 60);
  }

  // The place field, and the hour slider it brings to life: no place, no sky.
  function skyControls(current) {
    const placeControl = control("place");
    const hourControl = control("hour");
    const place = element("input", {
      type: "text", testid: "place", id: "control-place", placeholder: say("placeHint"), autocomplete: "off",
      spellcheck: false, title: placeControl.help,
    });
    place.value = current.place || "";
    const slider = element("input", {
      type: "range", testid: "hour", id: "control-hour", min: hourControl.minimum, max: hourControl.maximum,
      step: hourControl.step, title: hourControl.help,
    });
    slider.value = current.hour !== undefined ? current.hour : hourControl.default;
    const shown = element("output", { testid: "hour-value", text: clockText(slider.value) });
    shown.htmlFor = slider.id;
    function enable() { slider.disabled = !place.value.trim(); }
    enable();
    place.addEventListener("change", () => { enable(); set("place", place.value); });
    slider.addEventListener("input", () => {
      shown.textContent = clockText(slider.value);
      set("hour", slider.value);
    });
    return { place: [place], hour: [slider, shown] };
  }

  function drawControls() {
    const panel = $("controls");
    panel.textContent = "";
    const current = values[tab];
    // The groups and their order are the declarations' (each control's group).
    const groups = [];
    for (const c of tabData().controls) {
      const last = groups[groups.length - 1];
      if (last && last[0] === c.group) last[1].push(c.id);
      else groups.push([c.group, [c.id]]);
    }
    const sky = skyControls(current);
    let skyDrawn = false;
    for (const [group, ids] of groups) {
      panel.appendChild(title(group));
      for (let id of ids) {
        if (id === "place" || id === "hour") {
          // The place and its hour are one widget, drawn once: the place first, as it
          // brings the hour to life.
          if (skyDrawn) continue;
          skyDrawn = true;
          panel.appendChild(row(control("place"), sky.place, "control-place"));
          id = "hour";
        }
        const c = control(id);
        if (!c) continue;
        let field;
        let extra = null;
        if (id === "season") {
          field = [segmented("season-segments", "season", data.seasons, current.season, (season) => {
            seasonMode = "season";
            values.wallpaper.season = season;
            markSeason();
            changed();
          })];
        } else if (id === "date") {
          const input = element("input", { type: "date", testid: "date", id: "control-date", title: c.help });
          input.value = seasonMode === "date" ? current.date || "" : "";
          input.addEventListener("change", () => {
            if (input.value) {
              seasonMode = "date";
              set("date", input.value);
            } else {
              seasonMode = "season";
              changed();
            }
          });
          field = [input];
        } else if (id === "hour") {
          field = sky.hour;
        } else if (id === "text") {
          field = textControl(c, current.text);
        } else if (id === "device") {
          const made = deviceControl(c, current.device);
          field = made.field;
          extra = made.extra;
        } else if (id === "background") {
          field = pictureControl(c);
        } else if (c.kind === "slider") {
          field = sliderControl(c, current[id]);
        } else if (c.kind === "onOff") {
          // on/off as a switch; the two words are the option's own (c.choices).
          const [on, off] = c.choices;
          const box = element("input", { type: "checkbox", className: "switch", testid: id, id: "control-" + id, title: c.help });
          box.setAttribute("role", "switch");
          box.checked = (current[id] || c.default) === on;
          box.addEventListener("change", () => set(id, box.checked ? on : off));
          field = [box];
        } else if (c.kind === "choice") {
          field = [choiceSelect(c, current[id])];
        } else if (c.kind === "flag") {
          const box = element("input", { type: "checkbox", testid: id, id: "control-" + id, title: c.help });
          box.checked = current[id] === true;
          box.addEventListener("change", () => set(id, box.checked));
          field = [box];
        } else if (c.kind === "colour") {
          field = colourControl(c, current[id]);
        } else {
          continue;
        }
        const made = row(c, field, "control-" + id);
        if (id === "season") made.classList.add("wide");
        if (id === "quality") made.hidden = !current.format || current.format === "png";
        panel.appendChild(made);
        if (extra) panel.appendChild(extra);
      }
    }
    if (!$("colour-names")) {
      const list = element("datalist", { id: "colour-names" });
      for (const name of control("base").choices || []) list.appendChild(element("option", { value: name }));
      document.body.appendChild(list);
    }
    const format = document.querySelector("[data-testid=format]");
    if (format) {
      format.addEventListener("change", () => {
        document.querySelector('.row[data-control="quality"]').hidden = format.value === "png";
      });
    }
    showErrors();
  }

  // MARK: seasons and terms

  function markSeason() {
    const current = values.wallpaper.season;
    for (const button of document.querySelectorAll("#season-segments button")) {
      button.setAttribute("aria-pressed", String(button.dataset.value === current));
    }
    const dots = $("season-dots");
    dots.textContent = "";
    for (const season of data.seasons) {
      const dot = element("button", { type: "button", title: say(season) });
      dot.dataset.value = season;
      dot.setAttribute("aria-label", say(season));
      dot.setAttribute("aria-current", String(season === current));
      dot.addEventListener("click", () => {
        seasonMode = "season";
        values.wallpaper.season = season;
        const date = $("control-date");
        if (date) date.value = "";
        markSeason();
        changed();
      });
      dots.appendChild(dot);
    }
  }

  function showTerm(index) {
    const count = data.terms.length;
    termIndex = ((index % count) + count) % count;   // without end, both ways
    const term = data.terms[termIndex];
    $("term-name").textContent = term.name + " " + term.english;
    $("term-name").dataset.term = term.slug;
    $("term-today").hidden = term.slug !== data.todayTerm;
    const head = $("term-season");
    head.textContent = "";
    head.appendChild(segmented("term-season-segments", "term-season-buttons", data.seasons, term.season, (season) => {
      showTerm(data.terms.findIndex((t) => t.season === season));
    }));
    const dots = $("term-dots");
    dots.textContent = "";
    data.terms.forEach((t, i) => {
      if (t.season !== term.season) return;
      const dot = element("button", { type: "button", title: t.name + " " + t.english });
      dot.dataset.term = t.slug;
      dot.setAttribute("aria-label", t.name);
      dot.setAttribute("aria-current", String(i === termIndex));
      if (t.slug === data.todayTerm) dot.classList.add("today");
      dot.addEventListener("click", () => showTerm(i));
      dots.appendChild(dot);
    });
    if (tab === "term") changed();
  }

  // MARK: tabs and language

  function showTab(name) {
    tab = name;
    document.body.dataset.tab = name;
    for (const button of document.querySelectorAll("[role=tab]")) {
      button.setAttribute("aria-selected", String(button.dataset.tab === name));
    }
    errors.check = [];
    errors.render = [];
    shownKey = "";
    // What Save, Apply or Schedule said was about the other tab's picture.
    result("", "");
    drawControls();
    if (name === "wallpaper") markSeason();
    else showTerm(termIndex);
    changed();
  }

  function showLanguage(tag) {
    language = tag;
    document.documentElement.lang = tag;
    $("ui-lang").value = tag;
    for (const node of document.querySelectorAll("[data-text]")) node.textContent = say(node.dataset.text);
    $("prev").setAttribute("aria-label", say("previous"));
    $("next").setAttribute("aria-label", say("next"));
    if (data) {
      drawControls();
      if (tab === "wallpaper") markSeason();
      else showTerm(termIndex);
    }
  }

  // MARK: Save, Apply, Schedule

  function result(text, kind) {
    const box = $("result");
    box.textContent = text;
    box.className = "result" + (kind ? " " + kind : "");
    box.dataset.state = kind || "";
  }

  function busy(on) {
    for (const id of ["save", "save-scheme", "apply", "schedule"]) $(id).disabled = on;
  }

  async function save(path) {
    busy(true);
    result(say("working"), "working");
    try {
      const response = await post(path, { settings: settings() });
      if (!response.ok) {
        errors.render = await failures(response);
        showErrors();
        result("", "");
        return;
      }
      const blob = await response.blob();
      const disposition = response.headers.get("Content-Disposition") || "";
      const named = /filename\*=UTF-8''([^;]+)/.exec(disposition);
      const name = named ? decodeURIComponent(named[1]) : (description && description.fileName) || "wallpaper.png";
      const link = element("a", { href: URL.createObjectURL(blob), download: name });
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60000);
      result(say("saved", { name: name }), "done");
    } finally {
      busy(false);
    }
  }

  function confirmFirst(heading, text, command, drops) {
    return new Promise((resolve) => {
      const dialog = $("confirm");
      $("confirm-title").textContent = heading;
      $("confirm-text").textContent = text;
      $("confirm-command").textContent = command;
      const list = $("confirm-drops");
      list.textContent = "";
      if (drops && drops.length) {
        list.appendChild(element("li", { text: say("scheduleDrops") + " " + drops.join(", ") }));
      }
      function finish(answer) {
        $("confirm-yes").onclick = null;
        $("confirm-no").onclick = null;
        dialog.close();
        resolve(answer);
      }
      $("confirm-yes").onclick = () => finish(true);
      $("confirm-no").onclick = () => finish(false);
      dialog.oncancel = (event) => { event.preventDefault(); finish(false); };
      dialog.showModal();
    });
  }

  async function run(path, heading, text, command, drops) {
    if (!(await confirmFirst(heading, text, command, drops))) return;
    busy(true);
    result(say("working"), "working");
    try {
      const response = await post(path, { settings: settings() });
      if (!response.ok) {
        errors.render = await failures(response);
        showErrors();
        result(errors.render.map((e) => e.message).join("\n"), "failed");
        return;
      }
      const outcome = await response.json();
      // A schedule installed whose timer does not run is not "Done": the page says so, and
      // wallgen's own lines below say the one command that starts it.
      const notRunning = outcome.status === 0 && outcome.running === false;
      const head = notRunning ? say("notRunning") : outcome.status === 0 ? say("done") : say("failed", { status: outcome.status });
      const kind = notRunning ? "warning" : outcome.status === 0 ? "done" : "failed";
      result(head + ": " + outcome.command + "\n" + outcome.output.trim(), kind);
    } finally {
      busy(false);
    }
  }

  // MARK: gestures and keys

  function step(by) { if (tab === "term") showTerm(termIndex + by); }

  function wireGestures() {
    $("prev").addEventListener("click", () => step(-1));
    $("next").addEventListener("click", () => step(1));
    document.addEventListener("keydown", (event) => {
      if (tab !== "term" || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target;
      if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
      if (event.key === "ArrowLeft") { step(-1); event.preventDefault(); }
      if (event.key === "ArrowRight") { step(1); event.preventDefault(); }
    });
    const frame = $("frame");
    let start = null;
    frame.addEventListener("pointerdown", (event) => { start = { x: event.clientX, y: event.clientY }; });
    frame.addEventListener("pointerup", (event) => {
      if (!start) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      start = null;
      if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy)) step(dx < 0 ? 1 : -1);
    });
    frame.addEventListener("dragover", (event) => { event.preventDefault(); frame.classList.add("dropping"); });
    frame.addEventListener("dragleave", () => frame.classList.remove("dropping"));
    frame.addEventListener("drop", (event) => {
      event.preventDefault();
      frame.classList.remove("dropping");
      const file = event.dataTransfer && event.dataTransfer.files[0];
      if (file) upload(file);
    });
    let resizing = null;
    new ResizeObserver(() => {
      clearTimeout(resizing);
      resizing = setTimeout(changed, 120);
    }).observe(frame);
  }

  // The page remembers its choices across reloads (not the uploads, which the server forgets).
  function saveState() {
    try {
      sessionStorage.setItem("wallgen-studio", JSON.stringify({ values: values, seasonMode: seasonMode, termIndex: termIndex, tab: tab }));
    } catch (ignored) { /* storage off */ }
  }

  function restoreState() {
    try {
      const saved = JSON.parse(sessionStorage.getItem("wallgen-studio") || "null");
      if (!saved) return false;
      Object.assign(values.wallpaper, saved.values.wallpaper);
      Object.assign(values.term, saved.values.term);
      seasonMode = saved.seasonMode === "date" ? "date" : "season";
      termIndex = saved.termIndex | 0;
      tab = saved.tab === "term" ? "term" : "wallpaper";
      return true;
    } catch (ignored) {
      return false;
    }
  }

  // MARK: start

  async function start() {
    const response = await api("/api/controls");
    if (!response.ok) {
      // Opened without its token (a bookmark, a second browser): say where it is.
      document.body.dataset.locked = "true";
      $("locked").hidden = false;
      return;
    }
    data = await response.json();
    document.body.dataset.version = data.version;
    // Every control starts at its declared default.
    for (const name of ["wallpaper", "term"]) {
      for (const c of data[name].controls) {
        if (c.kind === "flag") values[name][c.id] = false;
        else if (c.default !== undefined && c.default !== null) values[name][c.id] = c.default;
      }
    }
    values.wallpaper.season = data.todaySeason;
    termIndex = Math.max(0, data.terms.findIndex((t) => t.slug === data.todayTerm));
    const restored = restoreState();
    // The card's language starts as the page's (the command's own default is Chinese).
    if (!restored) values.term["card-lang"] = language === "zh-Hant" ? "zh" : "en";
    $("ui-lang").addEventListener("change", (event) => showLanguage(event.target.value));
    for (const button of document.querySelectorAll("[role=tab]")) {
      button.addEventListener("click", () => showTab(button.dataset.tab));
    }
    $("copy").addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText($("command").textContent);
        $("copy").textContent = say("copied");
        setTimeout(() => { $("copy").textContent = say("copy"); }, 1500);
      } catch (ignored) {
        window.getSelection().selectAllChildren($("command"));
      }
    });
    $("save").addEventListener("click", () => save("/api/save"));
    $("save-scheme").addEventListener("click", () => save("/api/save-scheme"));
    $("apply").addEventListener("click", () => run("/api/apply", say("applyTitle"), say("applyText"),
      (description && description.applyCommand) || "wallgen --apply"));
    $("schedule").addEventListener("click", () => run("/api/schedule", say("scheduleTitle"), say("scheduleText"),
      (description && description.scheduleCommand) || "wallgen schedule --install",
      (description && description.scheduleDrops) || []));
    wireGestures();
    // The page says it is open (a studio started from the desktop's menu stops once it is
    // closed); a background tab's timers still run once a minute.
    setInterval(() => api("/api/alive").catch(() => null), 30000);
    showLanguage(language);
    showTab(restored ? tab : "wallpaper");
    document.body.dataset.ready = "true";
  }

  start();
})();
