/*
 * Stand-in for Google's gapi loader (https://apis.google.com/js/api.js) for browser tests that run offline.
 *
 * Why: Firebase Auth's signInWithPopup (JS SDK v9-v12) loads gapi even when it is connected to the Auth emulator,
 * in the app page and again inside the emulator's hidden helper iframe (<emulator>/emulator/auth/iframe), and the two
 * talk through gapi.iframes. Without network the script cannot load and sign-in fails with auth/internal-error before
 * any popup opens. browser.ts answers the gapi URL with this file, so the app's code runs unchanged.
 *
 * Only what those two callers use is implemented (read from @firebase/auth 1.13 and firebase-tools 15):
 * - gapi.load('gapi.iframes', callback | { callback, timeout, ontimeout })
 * - the loader's own callbacks: `?onload=NAME` on the script URL (the SDK) and window.gapi_onload (the iframe page)
 * - gapi.iframes.getContext().open({ where, url, attributes, messageHandlersFilter }, onOpen): creates the iframe and
 *   returns a promise of onOpen's result (the SDK's onOpen resolves to the iframe once a ping is answered);
 *   onOpen is called when the iframe has loaded
 * - gapi.iframes.getContext().getParentIframe(): the child's handle on the page that embeds it
 * - Iframe: register(type, handler, filter), send(type, data, callback, filter), ping(callback), restyle(style)
 * - gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER and SAME_ORIGIN_IFRAMES_FILTER (the default, as in gapi)
 *
 * Wire protocol (postMessage between the two windows, marked with MARK so other listeners can ignore it):
 *   { hello }             child -> parent, when the child takes its parent handle; the parent holds its requests
 *                         until then, because the iframe's document may not be listening yet
 *   { request id type data } -> every handler registered for `type` runs; the reply carries their results
 *   { reply id results }  results is an array with one entry per handler (promises awaited), as gapi replies
 * A request that arrives before any handler is registered for its type waits up to UNHANDLED_WAIT_MS: the emulator's
 * iframe sends its first authEvent at once, while the SDK registers its handler only after its ping is answered.
 */
(() => {
  'use strict';

  const MARK = '__gapiStandIn';
  const PING = '__ping';
  const UNHANDLED_WAIT_MS = 5000;

  // currentScript is only set while the script first runs, so the loader callback name is read now.
  const script = document.currentScript;
  const onloadName =
    script && script.src ? new URL(script.src, location.href).searchParams.get('onload') : null;

  const announceLoaded = () => {
    setTimeout(() => {
      if (onloadName && typeof window[onloadName] === 'function') window[onloadName]();
      if (typeof window.gapi_onload === 'function') window.gapi_onload();
    }, 0);
  };

  if (window.gapi && window.gapi[MARK]) {
    announceLoaded();
    return;
  }

  const SAME_ORIGIN_IFRAMES_FILTER = (iframe) => iframe.getOrigin() === location.origin;
  const CROSS_ORIGIN_IFRAMES_FILTER = () => true;

  // The SDK's webStorageSupport callback always throws after reading its answer (it calls _fail unconditionally),
  // so exceptions from callbacks are kept away from the channel and only logged.
  const invoke = (callback, value) => {
    if (typeof callback !== 'function') return;
    try {
      callback(value);
    } catch (error) {
      console.debug('gapi stand-in: a callback threw', error);
    }
  };

  const settle = (callback, value) =>
    new Promise((resolve) => {
      setTimeout(() => {
        invoke(callback, value);
        resolve(value);
      }, 0);
    });

  /**
   * One end of a message channel to another window: the parent's handle on a child it opened, or the child's
   * handle on its parent. `peer()` is looked up on each use because contentWindow exists only once attached.
   */
  class Iframe {
    constructor(peer, origin, element, defaultFilter, connected) {
      this.peer = peer;
      this.origin = origin;
      this.element = element;
      this.defaultFilter = defaultFilter;
      this.connected = connected;
      this.outbox = [];
      this.handlers = new Map();
      this.waiting = new Map();
      this.pending = new Map();
      this.nextId = 1;
      this.onHello = null;
    }

    getOrigin() {
      return this.origin;
    }

    getIframeEl() {
      return this.element;
    }

    register(type, handler, filter) {
      const list = this.handlers.get(type) ?? [];
      list.push({ handler, filter: filter || this.defaultFilter });
      this.handlers.set(type, list);
      const queued = this.waiting.get(type) ?? [];
      this.waiting.delete(type);
      for (const item of queued) {
        clearTimeout(item.timer);
        this.dispatch(item.message);
      }
    }

    unregister(type) {
      this.handlers.delete(type);
    }

    send(type, data, callback, filter) {
      if (!(filter || this.defaultFilter)(this)) return settle(callback, []);
      return new Promise((resolve) => {
        const id = this.nextId++;
        this.pending.set(id, { callback, resolve });
        this.post({ kind: 'request', id, type, data });
      });
    }

    ping(callback, data) {
      return this.send(PING, data === undefined ? null : data, callback, CROSS_ORIGIN_IFRAMES_FILTER);
    }

    // gapi's own options (setHideOnLeave) are booleans and mean nothing here; real CSS values are applied.
    restyle(style, callback) {
      if (this.element) {
        for (const [key, value] of Object.entries(style)) {
          if (typeof value === 'string' || typeof value === 'number') this.element.style[key] = String(value);
        }
      }
      return settle(callback, []);
    }

    close() {
      this.element?.remove();
      iframes = iframes.filter((other) => other !== this);
    }

    post(message) {
      if (!this.connected) {
        this.outbox.push(message);
        return;
      }
      const target = this.peer();
      if (!target) return;
      const marked = { ...message, [MARK]: 1 };
      try {
        target.postMessage(marked, this.origin || '*');
      } catch {
        // A handler result that cannot be cloned (a function, a DOM node) is sent as its JSON view.
        target.postMessage(JSON.parse(JSON.stringify(marked)), this.origin || '*');
      }
    }

    receive(message) {
      if (message.kind === 'hello') {
        this.connected = true;
        this.onHello?.();
        const outbox = this.outbox;
        this.outbox = [];
        for (const queued of outbox) this.post(queued);
      } else if (message.kind === 'request') {
        if (message.type === PING) this.post({ kind: 'reply', id: message.id, results: [true] });
        else if (this.handlers.has(message.type)) this.dispatch(message);
        else this.wait(message);
      } else if (message.kind === 'reply') {
        const entry = this.pending.get(message.id);
        if (!entry) return;
        this.pending.delete(message.id);
        invoke(entry.callback, message.results);
        entry.resolve(message.results);
      }
    }

    wait(message) {
      const queue = this.waiting.get(message.type) ?? [];
      const item = { message, timer: 0 };
      item.timer = setTimeout(() => {
        const rest = (this.waiting.get(message.type) ?? []).filter((other) => other !== item);
        if (rest.length) this.waiting.set(message.type, rest);
        else this.waiting.delete(message.type);
        this.post({ kind: 'reply', id: message.id, results: [] });
      }, UNHANDLED_WAIT_MS);
      queue.push(item);
      this.waiting.set(message.type, queue);
    }

    dispatch(message) {
      const results = [];
      for (const { handler, filter } of this.handlers.get(message.type) ?? []) {
        if (!filter(this)) continue;
        try {
          results.push(handler(message.data));
        } catch (error) {
          console.error(`gapi stand-in: handler for "${message.type}" threw`, error);
          results.push(undefined);
        }
      }
      Promise.all(results).then(
        (values) => this.post({ kind: 'reply', id: message.id, results: values }),
        (error) => {
          console.error(`gapi stand-in: handler for "${message.type}" rejected`, error);
          this.post({ kind: 'reply', id: message.id, results: [] });
        },
      );
    }
  }

  let iframes = [];
  let parentIframe = null;

  const applyAttributes = (element, attributes) => {
    for (const [name, value] of Object.entries(attributes ?? {})) {
      if (name === 'style' && value && typeof value === 'object') {
        for (const [key, css] of Object.entries(value)) element.style[key] = String(css);
      } else {
        element.setAttribute(name, String(value));
      }
    }
  };

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || typeof message !== 'object' || message[MARK] !== 1) return;
    const candidates = parentIframe ? [...iframes, parentIframe] : iframes;
    const iframe = candidates.find((candidate) => candidate.peer() === event.source);
    if (!iframe || (iframe.origin && iframe.origin !== event.origin)) return;
    iframe.receive(message);
  });

  const context = {
    open(options, onOpen) {
      const element = document.createElement('iframe');
      applyAttributes(element, options.attributes);
      element.src = options.url;
      const iframe = new Iframe(
        () => element.contentWindow,
        new URL(options.url, location.href).origin,
        element,
        options.messageHandlersFilter || SAME_ORIGIN_IFRAMES_FILTER,
        false,
      );
      iframes.push(iframe);
      // onOpen runs once the iframe's document has loaded (or has already said hello): the SDK starts a 5 s ping
      // timer in onOpen, and a busy test machine can take longer than that just to load the emulator's page. A page
      // that fails to load still fires 'load', so the SDK's network-request-failed path stays reachable.
      const loaded = new Promise((resolve) => {
        element.addEventListener('load', resolve, { once: true });
        iframe.onHello = resolve;
      });
      (options.where || document.body).appendChild(element);
      return loaded.then(() => (typeof onOpen === 'function' ? onOpen(iframe) : iframe));
    },
    getParentIframe() {
      if (window.parent === window) return null;
      if (!parentIframe) {
        const ancestors = location.ancestorOrigins;
        const origin = ancestors && ancestors.length ? ancestors[0] : null;
        parentIframe = new Iframe(() => window.parent, origin, null, SAME_ORIGIN_IFRAMES_FILTER, true);
        parentIframe.post({ kind: 'hello' });
      }
      return parentIframe;
    },
  };

  window.gapi = {
    [MARK]: true,
    load(features, options) {
      const callbacks = typeof options === 'function' ? { callback: options } : options || {};
      const missing = String(features)
        .split(':')
        .filter((name) => name !== 'gapi.iframes');
      setTimeout(() => {
        if (missing.length === 0) {
          invoke(callbacks.callback);
        } else {
          console.error(`gapi stand-in: features not provided: ${missing.join(', ')}`);
          invoke(callbacks.onerror || callbacks.ontimeout);
        }
      }, 0);
    },
    iframes: {
      Iframe,
      CROSS_ORIGIN_IFRAMES_FILTER,
      SAME_ORIGIN_IFRAMES_FILTER,
      getContext: () => context,
    },
  };

  announceLoaded();
})();
