extension HTMLReportScript {
    /// The index and the scenario page.
    static let views = #"""
        function renderIndex(query) {
          if (query !== null) state.query = query;
          const q = state.query || '';
          const counts = {};
          for (const s of data.scenarios) counts[s.status] = (counts[s.status] || 0) + 1;
          const chips = Object.keys(ORDER).filter((s) => counts[s]).map((s) =>
            '<button type="button" data-status="' + s + '">' + badge(s) + '<span class="n">' + counts[s] +
            '</span></button>').join('');
          const rows = sorted.map((s, i) =>
            '<tr class="scenario" data-row="' + i + '" data-status="' + s.status + '"><td>' + badge(s.status) +
            '</td><td><a href="#s=' + encodeURIComponent(s.name) + '">' + esc(s.name) + '</a>' +
            (s.attempts > 1 ? ' <span class="muted">(' + s.attempts + ' attempts)</span>' : '') +
            '</td><td class="why">' + esc(s.headline) + '</td><td class="time">' + esc(s.durationText) +
            '</td></tr>').join('');
          const options = data.options.map((o) =>
            '<tr><td class="mono">' + esc(o[0]) + '</td><td class="mono">' + esc(o[1]) + '</td></tr>').join('');
          app.innerHTML =
            '<header class="top"><h1>Rehearsal report</h1><span class="muted" id="summary">' + esc(data.summary) +
            '</span></header><main>' +
            '<div class="counts" id="counts">' + chips + '</div>' +
            '<input class="filter" id="filter" type="search" spellcheck="false" autocomplete="off" ' +
            'placeholder="Filter: text, a glob such as search/*, status:failed" value="' + esc(q) + '">' +
            '<div class="muted" id="shown"></div>' +
            '<table id="index"><thead><tr><th>status</th><th>scenario</th><th>why</th><th>time</th></tr></thead>' +
            '<tbody>' + rows + '</tbody></table>' + mutationSection() +
            '<details class="options" open><summary>Run options</summary><table>' + options + '</table></details>' +
            '</main>';
          const input = document.getElementById('filter');
          input.addEventListener('input', () => { applyFilter(input.value); rendered({ view: 'index' }); });
          document.getElementById('counts').addEventListener('click', (event) => {
            const button = event.target.closest('button');
            if (!button) return;
            input.value = input.value === 'status:' + button.dataset.status ? '' : 'status:' + button.dataset.status;
            applyFilter(input.value);
            rendered({ view: 'index' });
          });
          document.getElementById('index').addEventListener('click', (event) => {
            const row = event.target.closest('tr.scenario');
            if (row && !event.target.closest('a')) location.hash = 's=' + encodeURIComponent(sorted[+row.dataset.row].name);
          });
          applyFilter(q);
          rendered({ view: 'index' });
        }

        function applyFilter(query) {
          state.query = query;
          const filter = parseFilter(query);
          const rows = document.querySelectorAll('#index tr.scenario');
          let shown = 0;
          rows.forEach((row) => {
            const visible = matches(filter, sorted[+row.dataset.row]);
            row.hidden = !visible;
            if (visible) shown += 1;
          });
          document.getElementById('shown').textContent = shown + ' of ' + rows.length + ' scenarios';
          document.querySelectorAll('#counts button').forEach((b) =>
            b.classList.toggle('active', query.trim() === 'status:' + b.dataset.status));
          history.replaceState(null, '', query ? '#q=' + encodeURIComponent(query) : location.pathname);
        }

        function renderScenario(s) {
          const back = '#' + (state.query ? 'q=' + encodeURIComponent(state.query) : '');
          const c = s.comparison;
          let html = '<header class="top"><a href="' + back + '" id="back">← all scenarios</a>' + badge(s.status) +
            '<h1>' + esc(s.name) + '</h1><span class="muted mono">' + esc(s.path) + '</span><span class="muted">' +
            esc(s.durationText) + (s.attempts > 1 ? ', ' + s.attempts + ' attempts' : '') + '</span></header><main>';
          if (c) html += divergenceSection(s, c);
          if (s.problems.length) {
            html += '<section id="problems"><h2>Problems</h2>' +
              s.problems.map((p) => '<pre>' + esc(p.text) + '</pre>').join('') + '</section>';
          }
          if (s.last.length) {
            html += '<section id="last-events"><h2>' + lastEventsTitle(s.status) + '</h2><pre>' +
              s.last.map(esc).join('\n') + '</pre></section>';
          }
          if (s.notes.length) {
            html += '<section id="notes"><h2>Notes</h2>' + s.notes.map((n) => '<pre>' + esc(n) + '</pre>').join('') +
              '</section>';
          }
          if (s.events) {
            html += '<section id="timeline"><h2>' + (c ? 'Golden and run on one axis' : 'Timeline') + '</h2>' +
              '<div class="lanes-toolbar"><button type="button" id="zoom-in">zoom in</button>' +
              '<button type="button" id="zoom-out">zoom out</button><button type="button" id="zoom-fit">fit</button>' +
              '<span class="muted">drag to pan, ctrl + wheel to zoom; click a marble for its value</span></div>' +
              '<div class="lanes" id="lanes"></div><div class="detail" id="detail"></div></section>';
            html += '<section id="events"><h2>Events</h2>' + (c ? diffTable(s, c) : eventTable(s.events)) + '</section>';
          }
          if (s.steps.length) html += stepsSection(s, c);
          html += '</main>';
          app.innerHTML = html;
          window.scrollTo(0, 0);
          if (s.events) {
            state.lanes = buildLanes(s);
            state.scale = null;
            drawLanes();
            wireLanes();
          }
          const accept = document.getElementById('copy-accept');
          if (accept) accept.addEventListener('click', () => {
            const code = document.getElementById('accept-command');
            const range = document.createRange();
            range.selectNodeContents(code);
            getSelection().removeAllRanges();
            getSelection().addRange(range);
            try { document.execCommand('copy'); } catch (e) { /* the command stays selected */ }
          });
          let divergenceInView = false;
          if (c && s.events) {
            const marker = document.getElementById('divergence-marker');
            const scroller = document.getElementById('lane-scroll');
            scroller.scrollLeft = Math.max(0, +marker.getAttribute('x1') - scroller.clientWidth / 3);
            document.getElementById('divergence').scrollIntoView({ block: 'start' });
            const row = c.rows[c.divergence];
            select(row[2] >= 0 ? 'actual' : 'golden', row[2] >= 0 ? row[2] : row[1]);
            divergenceInView = true;
          }
          rendered({ view: 'scenario', name: s.name, divergence: divergenceInView });
        }

        function divergenceSection(s, c) {
          const row = c.rows[c.divergence];
          const step = c.step === null ? null : s.steps.find((t) => t.index === c.step);
          const golden = row[1] >= 0 ? c.golden[row[1]] : null;
          const actual = row[2] >= 0 ? s.events[row[2]] : null;
          let html = '<section id="divergence"><h2>First divergence at ' + esc(c.atText) + ' (event ' +
            (row[2] >= 0 ? row[2] : row[1]) + ')' + (step ? ', caused by step ' + step.index : '') + '</h2>';
          if (step) {
            html += '<div class="cause" id="cause"><div class="mono">' + esc(s.path) + (step.line ? ':' + step.line : '') +
              '</div>' + (step.source ? '<pre id="cause-source">' + esc(step.source) + '</pre>' : '') + '</div>';
          }
          // A side without an event here: the other side's event is missing from it or extra in it, unless that side
          // has no event at all from here on.
          const later = c.rows.slice(c.divergence + 1);
          const goldenEnds = !later.some((r) => r[1] >= 0);
          const runEnds = !later.some((r) => r[2] >= 0);
          html += '<table class="diff"><tr class="removed"><td class="sign">-</td><td class="line">' +
            (golden ? esc(eventLine(golden)) : goldenEnds ? '(no event: the golden ends here)' : '(extra in this run)') +
            '</td></tr><tr class="added"><td class="sign">+</td><td class="line">' +
            (actual ? esc(eventLine(actual)) : runEnds ? '(no event: the run ended here)' : '(missing in this run)') +
            '</td></tr></table>';
          if (row[3].length) html += valueList(row[3]);
          html += '<p class="muted">Compared with <span class="mono">' + esc(c.goldenPath) + '</span> (compare: ' +
            esc(c.mode) + ').</p>';
          if (s.accept) {
            html += '<div class="accept">If the new timeline is right, make it the golden: <code id="accept-command">' +
              esc(s.accept) + '</code><button type="button" id="copy-accept">copy</button></div>';
          }
          return html + '</section>';
        }

        function lastEventsTitle(status) {
          if (status === 'crashed') return 'Last events before it crashed';
          if (status === 'timedOut') return 'Last events before it timed out';
          return 'Last events of the run';
        }
        function eventLine(e) {
          return '{"at": "' + e[8] + '", "' + e[2] + '": ' + JSON.stringify(e[4]) +
            (e[5] ? ', ' + e[5].slice(1, -1) : '') + '}';
        }
        function valueList(values) {
          // Each value: [kind, path, from, expected, actual], both sides as JSON text.
          return '<ul class="values mono">' + values.map((v) => {
            const minus = v[3] !== null ? '<span class="minus">- ' + esc(v[3]) + '</span>' : '';
            const plus = v[4] !== null ? '<span class="plus">+ ' + esc(v[4]) + '</span>' : '';
            if (v[0] === 'moved') return '<li>' + esc(v[1]) + ': ' + esc(v[3]) + ' moved from ' + esc(v[2]) + '</li>';
            if (v[0] === 'added') return '<li>' + esc(v[1]) + ': ' + plus + ' (added)</li>';
            if (v[0] === 'inserted') return '<li>' + esc(v[1]) + ': ' + plus + ' (inserted)</li>';
            if (v[0] === 'removed') return '<li>' + esc(v[1]) + ': ' + minus + ' (removed)</li>';
            return '<li>' + esc(v[1]) + ': ' + minus + ' ' + plus + '</li>';
          }).join('') + '</ul>';
        }
        function eventTable(events) {
          return '<table class="diff" id="event-table">' + events.map((e, i) =>
            '<tr data-actual="' + i + '"><td class="sign"></td><td class="line">' + esc(eventLine(e)) +
            '</td><td class="muted">' + esc(causeText(e)) + '</td></tr>').join('') + '</table>';
        }
        function causeText(e) { return e[6] >= 0 ? 'step ' + e[6] : ''; }
        function diffTable(s, c) {
          const sign = { same: '', changed: '~', removed: '-', added: '+', moved: '~' };
          return '<table class="diff" id="event-table">' + c.rows.map((r, i) => {
            const golden = r[1] >= 0 ? c.golden[r[1]] : null;
            const actual = r[2] >= 0 ? s.events[r[2]] : null;
            const line = r[0] === 'changed' ? '- ' + eventLine(golden) + '\n+ ' + eventLine(actual) :
              eventLine(actual || golden);
            return '<tr class="' + r[0] + (i === c.divergence ? ' divergence' : '') + '" data-row="' + i + '"' +
              (r[1] >= 0 ? ' data-golden="' + r[1] + '"' : '') + (r[2] >= 0 ? ' data-actual="' + r[2] + '"' : '') +
              (i === c.divergence ? ' id="divergence-row"' : '') + '><td class="sign">' + sign[r[0]] +
              '</td><td class="line">' + esc(line) + (r[3].length ? valueList(r[3]) : '') + '</td><td class="muted">' +
              esc(actual ? causeText(actual) : '') + '</td></tr>';
          }).join('') + '</table>';
        }
        function stepsSection(s, c) {
          return '<section id="steps"><h2>Steps</h2><table><thead><tr><th>step</th><th>at</th><th>sends</th>' +
            '<th>line</th><th>source</th></tr></thead><tbody>' + s.steps.map((t) =>
              '<tr class="step' + (c && c.step === t.index ? ' cause-step' : '') + '" data-step="' + t.index + '"><td>' +
              t.index + '</td><td>' + esc(t.atText) + '</td><td class="mono">' +
              (t.input === null ? '<span class="muted">wait</span>' : (t.sets ? 'set ' : '') + esc(t.input) +
                (t.value !== null ? (t.sets ? ' = ' : ' ') + esc(t.value) : '')) + '</td><td class="mono">' + (t.line || '') +
              '</td><td><pre class="step-source">' + esc(t.source || '') + '</pre></td></tr>').join('') +
              '</tbody></table></section>';
        }

        const started = performance.now();
        show();
        window.rehearsalReport.scriptMs = performance.now() - started;

        """#
}
