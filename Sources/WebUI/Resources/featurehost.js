/* featurehost client script: the browser side of the live protocol (docs/web-surface.md, "Live protocol"
   and "Scenes"). No framework, no eval: the page's CSP is `script-src 'self'`. */
(() => {
  'use strict';

  // Served as a plain `<script src>`: wait for the body if the page put the script in its head.
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start, { once: true });
  } else {
    start();
  }

  function start() {
    const root = document.getElementById('fh-root');
    const settings = document.body ? document.body.dataset : {};
    const session = settings.fhSession;
    // The home page has no session: its stream brings the list when the config changes it, and the banner.
    const home = !session && settings.fhHome !== undefined;
    if ((!session && !home) || !root) return;

    const base = home ? '/home' : '/s/' + encodeURIComponent(session);
    const RELOAD_KEY = 'featurehost.reloadedAt';
    const RELOAD_INTERVAL = 10000;
    const FIRST_BACKOFF = 250;
    const MAX_BACKOFF = 5000;
    // A stream that stayed open this long was healthy: its next drop starts the backoff afresh.
    const HEALTHY_STREAM = 5000;

    let version = Number.parseInt(settings.fhVersion, 10);
    if (!Number.isInteger(version)) version = -1;
    let source = null;
    let openedAt = 0;
    let backoff = FIRST_BACKOFF;
    let reconnectTimer = 0;
    let helloSent = false;
    let configVersion = Number.parseInt(settings.fhConfig, 10);
    if (!Number.isInteger(configVersion)) configVersion = -1;
    // The host keeps no more live home pages: this one stays as loaded (`data-fh-home="full"` says so).
    let full = false;

    // MARK: - Stream

    function connect(from) {
      closeStream();
      if (full) return;
      const stream = new EventSource(base + '/events?v=' + from + '&c=' + configVersion);
      source = stream;
      connection.connecting();
      stream.addEventListener('open', () => {
        if (source !== stream) return;
        openedAt = Date.now();
        connection.heard();
        connection.live();
        if (!helloSent) {
          helloSent = true;
          if (!home) post(helloMessage());
          // A page opened in a background tab gives its connection back until it is shown (see below).
          if (document.visibilityState === 'hidden') closeStream();
        }
      });
      stream.addEventListener('patch', (event) => {
        if (source !== stream) return;
        connection.heard();
        receive(event.data);
      });
      stream.addEventListener('config', (event) => {
        if (source !== stream) return;
        connection.heard();
        showProblems(event.data);
      });
      stream.addEventListener('home', (event) => {
        if (source !== stream || !home) return;
        connection.heard();
        receiveHome(event.data);
      });
      stream.addEventListener('full', () => {
        if (source !== stream) return;
        full = true;
        document.body.dataset.fhHome = 'full';
        closeStream();
      });
      stream.addEventListener('beat', (event) => {
        if (source === stream) connection.beat(event.data);
      });
      stream.addEventListener('gone', () => {
        if (source !== stream) return;
        closeStream();
        reloadOnce();
      });
      // The host shuts down cleanly: a reload would meet a closed port, so the page stays and waits for it.
      stream.addEventListener('stopping', (event) => {
        if (source !== stream) return;
        let app = '';
        try {
          app = String(JSON.parse(event.data).app || '');
        } catch (_) {
          // Unnamed: the banner says "The host".
        }
        closeStream();
        connection.stopped(app);
      });
      stream.addEventListener('error', () => {
        if (source !== stream) return;
        // EventSource would retry by itself with the same URL; we ask whether the host is there first, then
        // reconnect with our current version (see Connection below).
        closeStream();
        if (openedAt && Date.now() - openedAt >= HEALTHY_STREAM) backoff = FIRST_BACKOFF;
        connection.lost();
      });
    }

    function closeStream() {
      clearTimeout(reconnectTimer);
      reconnectTimer = 0;
      if (source) source.close();
      source = null;
      openedAt = 0;
      connection.quiet();
    }

    function scheduleReconnect(from) {
      clearTimeout(reconnectTimer);
      const delay = backoff;
      backoff = Math.min(backoff * 2, MAX_BACKOFF);
      reconnectTimer = setTimeout(() => connect(from), delay);
    }

    /// Drops the stream and asks for a whole-root morph: from our version after a gap, or `v=-1` when the DOM
    /// no longer matches what the server thinks it is.
    function resync(domIsBroken) {
      if (domIsBroken) version = -1;
      closeStream();
      scheduleReconnect(version);
    }

    function receive(data) {
      performance.mark('fh-patch-received');
      let message;
      try {
        message = JSON.parse(data);
      } catch (error) {
        console.warn('featurehost: a patch that is not JSON', error);
        resync(false);
        return;
      }
      if (!applyMessage(message)) return;
      backoff = FIRST_BACKOFF;
    }

    /// Applies one patch message; answers whether it applied. Anything else resynchronises.
    function applyMessage(message) {
      if (!message || !Array.isArray(message.ops) || !Number.isInteger(message.to)) {
        resync(false);
        return false;
      }
      // A message that starts with a whole-root morph replaces everything, so it applies whatever `from` is.
      const first = message.ops[0];
      const wholeRoot = !!first && first.op === 'morph' && first.key === ROOT_KEY;
      if (message.from !== version && !wholeRoot) {
        resync(false);
        return false;
      }
      // Two patches before one frame: the rows slide from where the first found them.
      const starts = pendingSlides || slideStarts();
      for (const op of message.ops) {
        if (!applyOp(op)) {
          console.warn('featurehost: an op did not find the element its key names; resynchronising', op);
          resync(true);
          return false;
        }
      }
      version = message.to;
      // In the next frame, before it lays out and paints: the new places are read in the layout that frame makes
      // anyway, not in one forced here that the patch (and the next click's events) would wait for.
      if (starts && !pendingSlides) {
        pendingSlides = starts;
        requestAnimationFrame(() => {
          pendingSlides = null;
          slide(starts);
        });
      }
      followFocus();
      performance.mark('fh-patch-applied');
      return true;
    }

    // MARK: - Sliding rows

    /// Where each `data-fh-slide` element is before a patch. A patch that changes a row's height moves the rows
    /// under it at once (one layout); `slide` then moves each back with a transform and lets it run to its new
    /// place on the compositor, so the page never animates a layout property (height, grid tracks), whose every
    /// frame is a layout the next click's events would wait behind.
    function slideStarts() {
      const elements = root.querySelectorAll('[data-fh-slide]');
      if (elements.length === 0 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return null;
      const starts = new Map();
      for (const element of elements) starts.set(element, element.getBoundingClientRect().top);
      return starts;
    }

    /// The slide each element runs now, so a new one replaces it without asking the element (`getAnimations`
    /// flushes style, and one flush per row between writes was one layout per row).
    const slides = new WeakMap();
    /// The places read before the patches that wait for the next frame's `slide`.
    let pendingSlides = null;

    /// In three passes, so the page is laid out once: every running slide cancelled (a row still moving is measured
    /// at its new place, and its new slide starts where it shows now), every place read, every slide started.
    function slide(starts) {
      if (!starts) return;
      const moved = [];
      for (const element of starts.keys()) {
        const running = slides.get(element);
        if (running) running.cancel();
      }
      for (const [element, top] of starts) {
        if (!element.isConnected) continue;
        const distance = top - element.getBoundingClientRect().top;
        if (Math.abs(distance) >= 0.5) moved.push([element, distance]);
      }
      for (const [element, distance] of moved) {
        const animation = element.animate([{ transform: `translateY(${distance}px)` }, { transform: 'none' }],
          { duration: 300, easing: 'ease', id: 'fh-slide' });
        slides.set(element, animation);
        animation.onfinish = () => { if (slides.get(element) === animation) slides.delete(element); };
      }
    }

    /// `{"version":n,"html":"…"}`: the home's new content, morphed in so the focused link stays focused.
    function receiveHome(data) {
      let message;
      try {
        message = JSON.parse(data);
      } catch (error) {
        console.warn('featurehost: a home list that is not JSON', error);
        return;
      }
      if (!message || typeof message.html !== 'string' || !Number.isInteger(message.version)) return;
      morphChildren(root, parse(message.html, root));
      version = message.version;
    }

    // MARK: - Config banner

    /// `{"version":n,"problems":[…]}`: the config's problems (none clears the banner), shown above the page's
    /// content and outside it, so the feature's DOM and focus are untouched. The same markup as the server's
    /// (ConfigBanner.swift), built from text only.
    function showProblems(data) {
      let message;
      try {
        message = JSON.parse(data);
      } catch (error) {
        console.warn('featurehost: a config event that is not JSON', error);
        return;
      }
      if (!message || !Array.isArray(message.problems)) return;
      if (Number.isInteger(message.version)) configVersion = message.version;
      let banner = document.getElementById('fh-config');
      if (!message.problems.length) {
        if (banner) banner.remove();
        return;
      }
      if (!banner) {
        banner = document.createElement('section');
        banner.id = 'fh-config';
        banner.className = 'fh-config';
        banner.setAttribute('role', 'alert');
        banner.setAttribute('aria-label', 'Config errors');
        banner.tabIndex = 0;
        root.parentNode.insertBefore(banner, root);
      }
      const title = document.createElement('p');
      title.className = 'fh-config-title';
      title.textContent = 'The config has errors; the last good config is still running.';
      const list = document.createElement('ul');
      list.className = 'fh-config-problems';
      for (const line of message.problems) {
        const item = document.createElement('li');
        item.textContent = String(line);
        list.append(item);
      }
      banner.replaceChildren(title, list);
    }

    function reloadOnce() {
      const now = Date.now();
      let last = 0;
      try {
        last = Number(sessionStorage.getItem(RELOAD_KEY)) || 0;
      } catch (_) {
        // Storage may be disabled; reloading without the guard is still better than a dead page.
      }
      if (now - last >= 0 && now - last < RELOAD_INTERVAL) {
        console.warn('featurehost: the session is gone; reloaded less than 10 s ago, so not again');
        return;
      }
      try {
        sessionStorage.setItem(RELOAD_KEY, String(now));
      } catch (_) {
        // See above.
      }
      location.reload();
    }

    // MARK: - Ops

    /// Ops name the element they change by its `id` (docs/web-surface.md, "Live protocol"); `fh-root` is the root.
    const ROOT_KEY = 'fh-root';

    function elementFor(key) {
      if (typeof key !== 'string' || key === '') return null;
      if (key === ROOT_KEY) return root;
      const element = document.getElementById(key);
      return element && element !== root && root.contains(element) ? element : null;
    }

    function applyOp(op) {
      if (!op || typeof op !== 'object') return false;
      const element = elementFor(op.key);
      if (!element) return false;
      switch (op.op) {
        case 'attrs': {
          if (element === root || typeof op.set !== 'object' || op.set === null || !Array.isArray(op.remove)) return false;
          const focusedState = saveFocusedInput(element);
          for (const [name, value] of Object.entries(op.set)) element.setAttribute(name, String(value));
          for (const name of op.remove) element.removeAttribute(String(name));
          syncFormState(element, focusedState);
          applyVars(element);
          return true;
        }
        case 'replace': {
          if (element === root || typeof op.html !== 'string') return false;
          const fragment = parse(op.html, element.parentNode);
          const added = Array.from(fragment.childNodes);
          element.replaceWith(fragment);
          for (const child of added) applyVarsDeep(child);
          return true;
        }
        case 'morph':
          if (typeof op.html !== 'string') return false;
          morphChildren(element, parse(op.html, element));
          return true;
        default:
          return false;
      }
    }

    const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

    /// Parses `html` as the children of `context`: inside SVG the markup is wrapped in `<svg>` so `circle` and
    /// friends become SVG elements, not unknown HTML ones.
    function parse(html, context) {
      const template = document.createElement('template');
      const inSVG = !!context && context.namespaceURI === SVG_NAMESPACE && context.localName !== 'foreignObject';
      template.innerHTML = inSVG ? '<svg>' + html + '</svg>' : html;
      const content = document.importNode(template.content, true);
      if (!inSVG) return content;
      const fragment = document.createDocumentFragment();
      const wrapper = content.firstChild;
      while (wrapper && wrapper.firstChild) fragment.appendChild(wrapper.firstChild);
      return fragment;
    }

    // MARK: - Morph

    /// Makes `target`'s children look like `source`'s, keeping every matched element (so focus, caret, typed
    /// text and running animations survive): by `id` first, then by position among nodes of the same type and
    /// tag that have no id. A new id is a new element, so it starts its own animations.
    function morphChildren(target, source) {
      const oldNodes = Array.from(target.childNodes);
      const wanted = Array.from(source.childNodes);
      const byId = new Map();
      for (const node of oldNodes) {
        if (node.nodeType === Node.ELEMENT_NODE && node.id && !byId.has(node.id)) byId.set(node.id, node);
      }
      const used = new Set();
      const matches = wanted.map((node) => {
        if (node.nodeType !== Node.ELEMENT_NODE || !node.id) return null;
        const match = byId.get(node.id);
        if (!match || used.has(match) || match.localName !== node.localName) return null;
        used.add(match);
        return match;
      });
      let cursor = 0;
      wanted.forEach((node, index) => {
        if (matches[index] || (node.nodeType === Node.ELEMENT_NODE && node.id)) return;
        for (let scan = cursor; scan < oldNodes.length; scan += 1) {
          const candidate = oldNodes[scan];
          if (used.has(candidate) || !sameKind(candidate, node)) continue;
          used.add(candidate);
          matches[index] = candidate;
          cursor = scan + 1;
          return;
        }
      });

      for (const node of oldNodes) {
        if (!used.has(node)) node.remove();
      }
      const finals = wanted.map((node, index) => {
        const match = matches[index];
        if (!match) return node;
        morphNode(match, node);
        return match;
      });
      let reference = target.firstChild;
      for (const node of finals) {
        if (node === reference) {
          reference = reference.nextSibling;
          continue;
        }
        if (node.parentNode === target) {
          moveBefore(target, node, reference);
        } else {
          target.insertBefore(node, reference);
          applyVarsDeep(node);
        }
      }
    }

    function sameKind(a, b) {
      if (a.nodeType !== b.nodeType) return false;
      if (a.nodeType !== Node.ELEMENT_NODE) return true;
      return a.localName === b.localName && !a.id;
    }

    /// A kept element that must move: `moveBefore` (where the browser has it) keeps its state; otherwise it is
    /// re-inserted, which restarts its animations (only on a reorder).
    function moveBefore(parent, node, reference) {
      if (typeof parent.moveBefore === 'function') {
        try {
          parent.moveBefore(node, reference);
          return;
        } catch (_) {
          // Fall through to a plain insert.
        }
      }
      parent.insertBefore(node, reference);
    }

    function morphNode(kept, wanted) {
      if (kept.nodeType !== Node.ELEMENT_NODE) {
        if (kept.data !== wanted.data) kept.data = wanted.data;
        return;
      }
      const focusedState = saveFocusedInput(kept);
      const varsBefore = kept.getAttribute('data-fh-vars');
      for (const attribute of Array.from(kept.attributes)) {
        if (!wanted.hasAttribute(attribute.name)) kept.removeAttribute(attribute.name);
      }
      for (const attribute of Array.from(wanted.attributes)) {
        if (kept.getAttribute(attribute.name) !== attribute.value) kept.setAttribute(attribute.name, attribute.value);
      }
      morphChildren(kept, wanted);
      syncFormState(kept, focusedState);
      if (kept.getAttribute('data-fh-vars') !== varsBefore) applyVars(kept);
    }

    // MARK: - Form controls

    /// A scene marks the control its selection is on with `data-fh-focus` (the row ↑/↓ moved to). When the
    /// mark moves, keyboard focus follows it (and scrolls it into view), but only from where the user was
    /// navigating: the previously marked control, nowhere (a click on plain text, a control an update
    /// removed), or a control of the `data-keys` group the mark moved into from another group. A user on
    /// another control (a pager, Refresh, a field) keeps their focus.
    /// The `data-keys` group around a mark (its nearest ancestor with keys), noted when it is marked: a
    /// mark an update removed still says which group it was in.
    function keyGroup(element) {
      return (element && element.parentElement && element.parentElement.closest('[data-keys]')) || null;
    }
    let lastFocusTarget = root.querySelector('[data-fh-focus]');
    let lastFocusGroup = keyGroup(lastFocusTarget);
    function followFocus() {
      const target = root.querySelector('[data-fh-focus]');
      if (!target || target === lastFocusTarget) {
        if (target) lastFocusTarget = target;
        return;
      }
      const previous = lastFocusTarget;
      const previousGroup = lastFocusGroup;
      const group = keyGroup(target);
      lastFocusTarget = target;
      lastFocusGroup = group;
      const focused = document.activeElement;
      const nothingFocused = !focused || focused === document.body || focused === document.documentElement;
      // Or the mark came from another group of keys into the one the user is in: ←/→ on a tab list whose
      // capsules are one Tab stop, while the mark was on a row of the list below (and back).
      const intoGroup = !!group && group !== previousGroup && group.contains(focused);
      // The mark's first appearance (a list that just loaded) moves nothing: Tab still starts at the top.
      if (previous && (nothingFocused || focused === previous || intoGroup)) target.focus({ preventScroll: false });
    }

    function isTextControl(element) {
      return element.localName === 'textarea' ||
        (element.localName === 'input' && !['checkbox', 'radio'].includes(element.type));
    }

    /// The live value and selection of a focused input or textarea, which an update must not take away.
    function saveFocusedInput(element) {
      if (element !== document.activeElement || !isTextControl(element)) return null;
      let start = null;
      let end = null;
      let direction = null;
      try {
        start = element.selectionStart;
        end = element.selectionEnd;
        direction = element.selectionDirection;
      } catch (_) {
        // Some input types (email, number) have no selection API.
      }
      return { value: element.value, start, end, direction };
    }

    function syncFormState(element, focusedState) {
      if (element.localName !== 'input' && element.localName !== 'textarea') return;
      if (focusedState) {
        if (element.value !== focusedState.value) element.value = focusedState.value;
        if (focusedState.start !== null) {
          try {
            element.setSelectionRange(focusedState.start, focusedState.end, focusedState.direction || 'none');
          } catch (_) {
            // See saveFocusedInput.
          }
        }
        return;
      }
      if (element === document.activeElement) return;
      if (element.localName === 'input' && (element.type === 'checkbox' || element.type === 'radio')) {
        element.checked = element.hasAttribute('checked');
      } else if (element.localName === 'input') {
        element.value = element.getAttribute('value') || '';
      } else {
        element.value = element.defaultValue;
      }
    }

    // MARK: - CSS variables

    const appliedVars = new WeakMap();

    /// `data-fh-vars="--roll:300ms;--steps:2"` → `style.setProperty` for each `--name`; others are ignored.
    function applyVars(element) {
      if (!element || element.nodeType !== Node.ELEMENT_NODE) return;
      const previous = appliedVars.get(element) || [];
      const names = [];
      const spec = element.getAttribute('data-fh-vars') || '';
      for (const declaration of spec.split(';')) {
        const colon = declaration.indexOf(':');
        if (colon < 0) continue;
        const name = declaration.slice(0, colon).trim();
        const value = declaration.slice(colon + 1).trim();
        if (!name.startsWith('--') || name.length < 3) continue;
        element.style.setProperty(name, value);
        names.push(name);
      }
      for (const name of previous) {
        if (!names.includes(name)) element.style.removeProperty(name);
      }
      if (names.length || previous.length) appliedVars.set(element, names);
    }

    function applyVarsDeep(node) {
      if (!node || node.nodeType !== Node.ELEMENT_NODE) return;
      if (node.hasAttribute('data-fh-vars')) applyVars(node);
      for (const element of node.querySelectorAll('[data-fh-vars]')) applyVars(element);
    }

    // MARK: - Events to the server

    let queue = Promise.resolve();

    /// Posts in order: each request starts when the one before has been answered.
    function post(message) {
      queue = queue.then(() => send(message));
      return queue;
    }

    async function send(message) {
      // While the host is away a message waits, in order, and goes once it is back (see Connection below).
      if (!connection.isLive()) {
        connection.hold(message);
        return;
      }
      if (message.kind === 'click') performance.mark('fh-event-sent');
      try {
        const response = await fetch(base + '/event', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(message),
          credentials: 'same-origin',
        });
        if (response.status === 404) {
          reloadOnce();
        } else if (!response.ok) {
          console.warn('featurehost: the server refused an event', response.status, await response.text());
        }
      } catch (error) {
        // The host did not answer (stopped, crashed, restarted): keep the message for when it is back.
        console.warn('featurehost: an event could not be sent; it waits for the host', error);
        connection.hold(message);
        connection.lost();
      }
    }

    function helloMessage() {
      let timeZone = null;
      try {
        timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || null;
      } catch (_) {
        // No Intl time zone support: the server keeps its own.
      }
      return { kind: 'hello', hourCycle: browserHourCycle(), timeZone, visible: document.visibilityState === 'visible' };
    }

    function browserHourCycle() {
      try {
        const cycle = Intl.DateTimeFormat().resolvedOptions().hourCycle ||
          new Intl.DateTimeFormat(undefined, { hour: 'numeric' }).resolvedOptions().hourCycle;
        if (cycle === 'h11' || cycle === 'h12') return 'h12';
        if (cycle === 'h23' || cycle === 'h24') return 'h23';
        const parts = new Intl.DateTimeFormat(undefined, { hour: 'numeric' }).formatToParts(new Date());
        return parts.some((part) => part.type === 'dayPeriod') ? 'h12' : 'h23';
      } catch (_) {
        return null;
      }
    }

    function inRoot(element) {
      return !!element && root.contains(element);
    }

    function isFormControl(element) {
      return ['form', 'input', 'textarea', 'select'].includes(element.localName);
    }

    // While the host is away the way to a focused text field is not inert (see `pause`), so a click there on
    // anything but a text field is refused here, before the page or the browser acts on it.
    document.addEventListener('click', (event) => {
      if (connection.isLive() || !(event.target instanceof Element) || !inRoot(event.target)) return;
      if (isTextControl(event.target)) return;
      connection.refuse(event);
      event.stopImmediatePropagation();
    }, true);

    document.addEventListener('click', (event) => {
      const target = event.target instanceof Element ? event.target.closest('[data-action]') : null;
      if (!inRoot(target) || isFormControl(target)) return;
      if (connection.refuse(event)) return;
      // A link with an action does not navigate, and a button with its own action does not also submit its form.
      if (target.localName === 'a' || target.localName === 'button') event.preventDefault();
      post({ kind: 'click', action: target.getAttribute('data-action') });
    });

    function controlValue(element) {
      if (element.localName === 'input' && (element.type === 'checkbox' || element.type === 'radio')) {
        return element.checked ? 'true' : 'false';
      }
      return element.value;
    }

    document.addEventListener('input', (event) => {
      const target = event.target;
      if (!(target instanceof Element) || !inRoot(target)) return;
      if (!target.matches('input[data-action], textarea[data-action]')) return;
      if (target.type === 'checkbox' || target.type === 'radio') return;  // their `change` says it
      // Typing goes on while the host is away (the field keeps it); its messages wait and go in order.
      post({ kind: 'input', action: target.getAttribute('data-action'), value: controlValue(target) });
    });

    document.addEventListener('change', (event) => {
      const target = event.target;
      if (!(target instanceof Element) || !inRoot(target)) return;
      if (!target.matches('input[data-action], textarea[data-action], select[data-action]')) return;
      post({ kind: 'change', action: target.getAttribute('data-action'), value: controlValue(target) });
    });

    document.addEventListener('submit', (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !inRoot(form) || !form.hasAttribute('data-action')) return;
      event.preventDefault();
      if (connection.refuse(event)) return;
      const fields = {};
      for (const [name, value] of new FormData(form)) {
        if (typeof value === 'string') fields[name] = value;
      }
      post({ kind: 'submit', action: form.getAttribute('data-action'), fields });
    });

    document.addEventListener('keydown', (event) => {
      if (event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      const focused = document.activeElement;
      // With nothing focused (a fresh page, a click on plain text, a focused element that an update
      // removed) keys go to the scene's own root element; a focused control outside the scene (the
      // "All features" link) keeps its keys.
      const nothingFocused = !focused || focused === document.body || focused === document.documentElement;
      let element = inRoot(focused) ? focused : nothingFocused ? root.firstElementChild || root : null;
      while (element) {
        const keys = element.getAttribute('data-keys');
        if (keys && keys.split(/\s+/).includes(event.key)) break;
        element = element === root ? null : element.parentElement;
      }
      if (!element) return;
      // Enter in a form's field submits the form; the `submit` message says it, so no key message too.
      if (event.key === 'Enter' && focused && focused.form && isFormControl(focused)) return;
      event.preventDefault();
      if (connection.refuse(event)) return;
      post({ kind: 'key', action: element.getAttribute('data-action') || '', key: event.key });
    });

    // A browser opens at most six connections per host over HTTP/1.1, and each live page holds one for its
    // stream: a hidden page closes its stream (the server keeps its session longer while it is hidden) and
    // reopens it when shown, catching up from its version, so any number of tabs can be open.
    document.addEventListener('visibilitychange', () => {
      const visible = document.visibilityState === 'visible';
      if (!home) post({ kind: 'visibility', visible });
      if (!helloSent) return;
      if (visible && !source && connection.isLive()) {
        backoff = FIRST_BACKOFF;
        connect(version);
      } else if (visible && !connection.isLive()) {
        connection.tryNow();
      } else if (!visible) {
        closeStream();
      }
    });

    // Back-forward cache: a page restored from it has a dead stream (closed on pagehide) and an old version.
    window.addEventListener('pagehide', () => closeStream());
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) {
        backoff = FIRST_BACKOFF;
        if (connection.isLive()) connect(version); else connection.tryNow();
      }
    });

    // MARK: - Connection

    /// Whether the host is there, shown to the user (docs/web-surface.md, "Connection"). States, on `<body
    /// data-fh-connection>`: `live` (the stream is open and the host's heartbeat arrives), `lost` (the stream
    /// failed, a message could not be sent, or no heartbeat came for three beats: the page asks the host again
    /// with backoff and reconnects by itself when it answers), `restarted` (another run of `featurehost serve`
    /// answers at this address, or the host no longer knows this page's token: only the address the new run
    /// printed gets back in). While not live the page's controls are inert (but for a text field being typed in,
    /// which keeps its focus and text) and a banner says why; clicks and
    /// keys are refused visibly (the banner flashes), never taken and dropped. Messages already on their way
    /// (typed text, a click whose request failed) wait, in order, and go once the host is back.
    const connection = (() => {
      const PROBE_TIMEOUT = 3000;
      // Missed beats before the host counts as gone.
      const BEATS_MISSED = 3;
      let current = 'live';
      let beatEvery = 0;
      let watchdog = 0;
      let probeTimer = 0;
      let probing = false;
      let attempts = 0;
      let lostAt = null;
      // The app's name when the host said it was stopping (a clean stop), else null.
      let stoppedApp = null;
      const held = [];
      let banner = null;

      function setState(state) {
        current = state;
        document.body.dataset.fhConnection = state;
        pause(state !== 'live');
        render();
      }

      // Elements this made inert around a text field being typed in, given back when live.
      let inertAround = [];

      /// Not live: the content is inert (dimmed by the stylesheet), but for the way to a text field that has the
      /// focus: making it inert would take the focus out and drop what is typed next. The field, its labels and
      /// its ancestors stay; every other sibling along the way is inert. Its typing waits to be sent (`hold`).
      function pause(paused) {
        for (const element of inertAround) element.inert = false;
        inertAround = [];
        root.inert = false;
        if (!paused) return;
        const focused = document.activeElement;
        if (!inRoot(focused) || !isTextControl(focused)) {
          root.inert = true;
          return;
        }
        // Its labels stay too: an inert label no longer names the field.
        const labels = Array.from(focused.labels || []);
        for (let node = focused; node !== root && node.parentElement; node = node.parentElement) {
          for (const sibling of node.parentElement.children) {
            if (sibling === node || sibling.inert || labels.some((label) => sibling.contains(label))) continue;
            sibling.inert = true;
            inertAround.push(sibling);
          }
        }
      }

      function render() {
        if (current === 'live') {
          if (banner) banner.hidden = true;
          return;
        }
        if (!banner) {
          banner = document.createElement('div');
          banner.id = 'fh-connection';
          banner.className = 'fh-connection';
          banner.setAttribute('role', 'alert');
          const text = document.createElement('p');
          text.className = 'fh-connection-text';
          const hint = document.createElement('p');
          hint.className = 'fh-connection-hint';
          const retry = document.createElement('button');
          retry.type = 'button';
          retry.className = 'fh-connection-retry';
          retry.textContent = 'Try again now';
          retry.addEventListener('click', () => tryNow());
          banner.append(text, hint, retry);
          document.body.insertBefore(banner, document.body.firstChild);
        }
        banner.hidden = false;
        const [text, hint, retry] = banner.children;
        const waiting = held.length === 1 ? ' 1 action waits to be sent.' : held.length > 1 ? ' ' + held.length + ' actions wait to be sent.' : '';
        if (current === 'restarted') {
          text.textContent = 'featurehost serve was restarted: this page belongs to its earlier run.' +
            (held.length ? ' ' + held.length + (held.length === 1 ? ' action was' : ' actions were') + ' not sent.' : '');
          hint.textContent = 'Each run has its own address and token. Open the address the new run printed ' +
            '(http://fh-….localhost:PORT/?token=…) to get back in.';
          retry.hidden = true;
        } else if (stoppedApp !== null) {
          text.textContent = (stoppedApp || 'The host') + ' was stopped. This page will reconnect when it runs again.' + waiting;
          hint.textContent = attempts >= 3
            ? 'If you stopped or restarted featurehost serve: start it again, and open the address it printed.'
            : '';
          retry.hidden = false;
        } else {
          text.textContent = 'The host is not answering (since ' + lostAt.toLocaleTimeString() + '). ' +
            'Reconnecting… The page is paused until it is back.' + waiting;
          hint.textContent = attempts >= 3
            ? 'If you stopped or restarted featurehost serve: start it again, and open the address it printed.'
            : '';
          retry.hidden = false;
        }
      }

      /// Something came from the host: it is there.
      function heard() {
        clearTimeout(watchdog);
        if (beatEvery > 0) watchdog = setTimeout(() => lost(), beatEvery * BEATS_MISSED);
      }

      /// A heartbeat: `{"every": ms}`, how often the next ones come.
      function beat(data) {
        try {
          const every = Number(JSON.parse(data).every);
          if (Number.isFinite(every) && every >= 100 && every <= 60000) beatEvery = every;
        } catch (_) {
          // A beat without a readable interval still says the host is there.
        }
        heard();
      }

      /// The stream was closed on purpose (a hidden page, pagehide): silence is not a loss.
      function quiet() {
        clearTimeout(watchdog);
        watchdog = 0;
      }

      function live() {
        if (current === 'live') return;
        clearTimeout(probeTimer);
        attempts = 0;
        lostAt = null;
        stoppedApp = null;
        setState('live');
        // What waited goes now, in order, before anything new.
        for (const message of held.splice(0)) post(message);
      }

      /// The host did not answer: paused, and asked again with backoff. Also when a reconnect after a probe
      /// failed or never opened.
      function lost() {
        if (current === 'restarted') return;
        closeStream();
        if (current === 'live') {
          lostAt = new Date();
          setState('lost');
        }
        scheduleProbe();
      }

      /// The host said it is stopping (`app` names it): lost, with a banner that says so, asking as after a kill.
      function stopped(app) {
        stoppedApp = app;
        lost();
        render();
      }

      /// A stream opened after a probe must open within the probe's time, or the host counts as gone again.
      function connecting() {
        if (current === 'live') return;
        clearTimeout(watchdog);
        watchdog = setTimeout(() => lost(), PROBE_TIMEOUT);
      }

      function scheduleProbe() {
        clearTimeout(probeTimer);
        const delay = backoff;
        backoff = Math.min(backoff * 2, MAX_BACKOFF);
        probeTimer = setTimeout(probe, delay);
      }

      function tryNow() {
        if (current !== 'lost') return;
        backoff = FIRST_BACKOFF;
        clearTimeout(probeTimer);
        probe();
      }

      /// Asks the host whether it is there and knows us: the home page's head (no session is made).
      async function probe() {
        if (probing || current !== 'lost') return;
        probing = true;
        attempts += 1;
        const abort = new AbortController();
        const timer = setTimeout(() => abort.abort(), PROBE_TIMEOUT);
        let status = 0;
        try {
          const response = await fetch('/', { method: 'HEAD', cache: 'no-store', credentials: 'same-origin', signal: abort.signal });
          status = response.status;
        } catch (_) {
          status = 0;  // refused, reset or timed out: not back yet
        } finally {
          clearTimeout(timer);
          probing = false;
        }
        if (current !== 'lost') return;
        if (status >= 200 && status < 300) {
          // Back: the stream's `open` makes the page live; its failure starts over.
          connect(version);
        } else if (status === 403 || status === 421) {
          clearTimeout(probeTimer);
          setState('restarted');
        } else {
          render();
          scheduleProbe();
        }
      }

      return {
        state: () => current,
        isLive: () => current === 'live',
        heard, beat, quiet, live, lost, stopped, tryNow, connecting,
        hold(message) {
          // A field's newer text replaces its older one still waiting: its last value is what counts.
          const last = held[held.length - 1];
          if (message.kind === 'input' && last && last.kind === 'input' && last.action === message.action) {
            held[held.length - 1] = message;
          } else {
            held.push(message);
          }
          if (current !== 'live') render();
        },
        /// A click, key or submit while not live: refused where the user sees it.
        refuse(event) {
          if (current === 'live') return false;
          event.preventDefault();
          if (banner) {
            banner.classList.remove('fh-connection-flash');
            void banner.offsetWidth;  // restart the flash
            banner.classList.add('fh-connection-flash');
          }
          return true;
        },
      };
    })();
    // MARK: - Dialogs

    /// A shown `aria-modal="true"` element in the scene is an open dialog (docs/web-surface.md, "Dialogs"):
    /// focus moves into it (its first control), Tab and Shift-Tab cycle inside it, and when it closes focus
    /// goes back to what had it before (the control that opened it), or to the scene when that is gone. The
    /// scene's own keys (Escape where its spec allows) still reach it. An element whose `data-fh-reveal`
    /// changes (a form after a failed Send) has its first `aria-invalid="true"` control, with its label,
    /// scrolled into view and focused.
    const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';
    let openDialog = null;
    let dialogOpener = null;

    function isShown(element) {
      return !element.closest('[hidden]') && element.getClientRects().length > 0 &&
        getComputedStyle(element).visibility !== 'hidden';
    }

    function focusablesIn(container) {
      return Array.from(container.querySelectorAll(FOCUSABLE))
        .filter((element) => !element.disabled && element.tabIndex >= 0 && isShown(element));
    }

    function shownDialog() {
      for (const dialog of root.querySelectorAll('[aria-modal="true"]')) {
        if (isShown(dialog)) return dialog;
      }
      return null;
    }

    function focusInto(dialog) {
      const first = focusablesIn(dialog)[0];
      if (first) {
        first.focus();
      } else {
        if (!dialog.hasAttribute('tabindex')) dialog.setAttribute('tabindex', '-1');
        dialog.focus();
      }
    }

    function syncDialog() {
      const dialog = shownDialog();
      const focused = document.activeElement;
      if (dialog && dialog !== openDialog) {
        if (!openDialog) {
          const nothingFocused = !focused || focused === document.body || focused === document.documentElement;
          dialogOpener = nothingFocused || dialog.contains(focused) ? null : focused;
        }
        openDialog = dialog;
        if (!dialog.contains(focused)) focusInto(dialog);
      } else if (!dialog && openDialog) {
        openDialog = null;
        const opener = dialogOpener;
        dialogOpener = null;
        const lost = !focused || focused === document.body || focused === document.documentElement || !focused.isConnected;
        if (!lost && !inRoot(focused)) return;
        if (opener && opener.isConnected && isShown(opener)) {
          opener.focus();
        } else {
          const first = focusablesIn(root)[0];
          if (first) first.focus();
        }
      } else if (dialog && !dialog.contains(focused)) {
        // The dialog's content changed under the focus (Send became OK, the alert became its celebration).
        focusInto(dialog);
      }
    }

    function reveal(container) {
      const invalid = container.querySelector('[aria-invalid="true"]');
      if (!invalid || !isShown(invalid)) return;
      const dialog = invalid.closest('[aria-modal="true"]');
      // The first control of a dialog: show the dialog's title too.
      if (dialog && focusablesIn(dialog)[0] === invalid) dialog.scrollTop = 0;
      const label = invalid.labels && invalid.labels[0];
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      (invalid.parentElement || invalid).scrollIntoView({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
      if (label) label.scrollIntoView({ block: 'nearest' });
      invalid.focus({ preventScroll: true });
    }

    // MARK: - Layers and pages

    /// An element with `data-fh-back="<action>"` is a layer the browser's Back closes (an article over its
    /// list): when one appears the page adds a history entry, Back then sends a click on `<action>` instead of
    /// leaving the page, and a layer closed another way (its button, Escape) takes its entry back out.
    let backLayer = root.querySelector('[data-fh-back]');
    function syncBackLayer() {
      const layer = root.querySelector('[data-fh-back]');
      if (layer && !backLayer) {
        history.pushState({ fhLayer: true }, '');
      } else if (!layer && backLayer && history.state && history.state.fhLayer) {
        history.back();
      }
      backLayer = layer;
    }
    window.addEventListener('popstate', () => {
      const layer = root.querySelector('[data-fh-back]');
      if (!layer || (history.state && history.state.fhLayer)) return;
      post({ kind: 'click', action: layer.getAttribute('data-fh-back') });
    });

    /// An element whose `data-fh-page` changes shows a new page of its content (the next 20 articles): it is
    /// scrolled to its top, and a focus the scroll took out of view (the pager under the old page) moves to
    /// its first control.
    function showPageStart(element) {
      element.scrollIntoView({ block: 'start' });
      const focused = document.activeElement;
      if (!inRoot(focused) || element.contains(focused)) return;
      const box = focused.getBoundingClientRect();
      if (box.bottom <= window.innerHeight && box.top >= 0) return;
      const first = focusablesIn(element)[0];
      if (first) first.focus({ preventScroll: true });
    }

    new MutationObserver((records) => {
      syncDialog();
      syncBackLayer();
      for (const record of records) {
        if (record.type === 'attributes' && record.attributeName === 'data-fh-page') showPageStart(record.target);
      }
      for (const record of records) {
        if (record.type === 'attributes' && record.attributeName === 'data-fh-reveal' &&
            record.target.getAttribute('data-fh-reveal') !== null) {
          reveal(record.target);
          break;
        }
      }
    }).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden', 'aria-modal', 'class', 'data-fh-reveal', 'data-fh-page', 'tabindex'] });

    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Tab' || event.ctrlKey || event.metaKey || event.altKey) return;
      const dialog = shownDialog();
      if (!dialog) return;
      const controls = focusablesIn(dialog);
      const focused = document.activeElement;
      if (!controls.length) {
        event.preventDefault();
        focusInto(dialog);
        return;
      }
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (!dialog.contains(focused)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && (focused === first || focused === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && focused === last) {
        event.preventDefault();
        first.focus();
      }
    }, true);

    // A click or focus outside an open dialog (the home link, the page behind) brings focus back into it.
    document.addEventListener('focusin', (event) => {
      const dialog = shownDialog();
      if (dialog && event.target instanceof Element && !dialog.contains(event.target)) focusInto(dialog);
    });

    // MARK: - Start

    window.FeatureHost = Object.freeze({
      version: () => version,
      connection: () => connection.state(),
      applyMessage: (message) => applyMessage(message),
      morph: (element, html) => morphChildren(element, parse(html, element)),
    });

    applyVarsDeep(root);
    document.body.dataset.fhConnection = 'live';
    syncDialog();
    connect(version);
  }
})();
