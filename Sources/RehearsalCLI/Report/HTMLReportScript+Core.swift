extension HTMLReportScript {
    /// Data, formatting, filtering and routing.
    static let core = #"""
        'use strict';
        const data = JSON.parse(document.getElementById('report-data').textContent);
        const app = document.getElementById('app');
        const ORDER = { failed: 0, crashed: 1, timedOut: 2, flaky: 3, recorded: 4, passed: 5 };
        const FAILING = ['failed', 'crashed', 'timedOut', 'flaky'];
        const byName = new Map(data.scenarios.map((s) => [s.name, s]));
        const sorted = data.scenarios.slice().sort((a, b) =>
          (ORDER[a.status] - ORDER[b.status]) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
        const state = { query: null, scale: null };
        window.rehearsalReport = { firstRenderMs: null, view: null, renders: 0 };

        function esc(text) {
          return String(text).replace(/[&<>"']/g, (c) =>
            ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
        }
        function statusLabel(status) { return status === 'timedOut' ? 'timed out' : status; }
        function badge(status) { return '<span class="badge ' + status + '">' + statusLabel(status) + '</span>'; }

        // The filter: words are AND-ed; `status:failed` (or `status:failing` for every failure, comma lists allowed),
        // a glob with * or ? on the name or path, or text found in the name, path or reason.
        function parseFilter(query) {
          const filter = { statuses: null, globs: [], words: [] };
          for (const token of query.trim().split(/\s+/).filter(Boolean)) {
            const match = /^status:(.*)$/i.exec(token);
            if (match) {
              filter.statuses = filter.statuses || new Set();
              for (const raw of match[1].split(',')) {
                const name = raw.toLowerCase().replace(/[- _]/g, '');
                if (name === 'failing' || name === 'failures') FAILING.forEach((s) => filter.statuses.add(s));
                else for (const s of Object.keys(ORDER)) if (s.toLowerCase() === name) filter.statuses.add(s);
              }
            } else if (/[*?]/.test(token)) {
              const source = token.split('').map((c) => c === '*' ? '.*' : c === '?' ? '.' :
                c.replace(/[.+^${}()|[\]\\\/]/g, '\\$&')).join('');
              filter.globs.push(new RegExp('^' + source + '$', 'i'));
            } else {
              filter.words.push(token.toLowerCase());
            }
          }
          return filter;
        }
        function matches(filter, scenario) {
          if (filter.statuses && !filter.statuses.has(scenario.status)) return false;
          for (const glob of filter.globs) if (!glob.test(scenario.name) && !glob.test(scenario.path)) return false;
          const text = (scenario.name + ' ' + scenario.path + ' ' + scenario.headline).toLowerCase();
          for (const word of filter.words) if (text.indexOf(word) < 0) return false;
          return true;
        }

        function route() {
          const hash = location.hash.slice(1);
          const params = new URLSearchParams(hash);
          if (params.has('s') && byName.has(params.get('s'))) return { view: 'scenario', name: params.get('s') };
          return { view: 'index', query: params.has('q') ? params.get('q') : null };
        }
        function rendered(detail) {
          window.rehearsalReport.view = detail;
          window.rehearsalReport.renders += 1;
          requestAnimationFrame(() => {
            if (window.rehearsalReport.firstRenderMs === null) window.rehearsalReport.firstRenderMs = performance.now();
            window.dispatchEvent(new CustomEvent('rehearsal:rendered', { detail: detail }));
          });
        }
        function show() {
          const where = route();
          if (where.view === 'scenario') renderScenario(byName.get(where.name));
          else renderIndex(where.query);
        }
        window.addEventListener('hashchange', show);

        """#
}
