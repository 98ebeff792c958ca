extension HTMLReportScript {
    /// The lanes: one per input, mock method, output, state, route, callback and log category; a marble per event, a bar per mock
    /// call from call to answer; every event its own column in timeline order, so same-instant events keep their
    /// order; golden and run on one axis when they differ.
    static let lanes = #"""
        // Above the lanes: a row for the first-divergence label, then the time axis's labels.
        const ROW = 30, MARK = 16, AXIS = 42, PAD = 24, GAP = 18;
        const GROUP_ORDER = { input: 0, mock: 1, output: 2, state: 3, route: 4, callback: 5, log: 6 };
        function groupOf(kind) {
          if (kind === 'input') return 'input';
          if (kind === 'call' || kind === 'response' || kind === 'cancelled') return 'mock';
          if (kind === 'output' || kind === 'state' || kind === 'route' || kind === 'callback' || kind === 'log') {
            return kind;
          }
          return null;
        }

        function buildLanes(s) {
          const c = s.comparison;
          const sides = c ? [['golden', c.golden], ['actual', s.events]] : [['actual', s.events]];
          const column = { golden: [], actual: [] };
          const rowOf = { golden: [], actual: [] };
          // A column per instant a marble is drawn at, in time order: { t: ns, text: the golden's text of it }.
          let columns;
          const shifts = [];
          let divergenceColumn = -1;
          if (c) {
            // An aligned row is one column; a row whose two events happened at different instants (a changed `at`)
            // is two, each marble at its own time, with the shift drawn between them.
            const points = [];
            c.rows.forEach((r, i) => {
              const g = r[1] >= 0 ? c.golden[r[1]] : null;
              const a = r[2] >= 0 ? s.events[r[2]] : null;
              if (g) rowOf.golden[r[1]] = i;
              if (a) rowOf.actual[r[2]] = i;
              if (g && a && g[0] !== a[0]) {
                points.push({ t: g[0], text: g[8], row: i, golden: r[1], actual: -1 });
                points.push({ t: a[0], text: a[8], row: i, golden: -1, actual: r[2] });
                shifts.push({ golden: r[1], actual: r[2] });
              } else {
                const e = a || g;
                points.push({ t: e[0], text: e[8], row: i, golden: r[1], actual: r[2] });
              }
            });
            points.sort((p, q) => p.t - q.t || p.row - q.row);
            points.forEach((p, k) => {
              if (p.golden >= 0) column.golden[p.golden] = k;
              if (p.actual >= 0) column.actual[p.actual] = k;
              if (p.row === c.divergence && divergenceColumn < 0) divergenceColumn = k;
            });
            columns = points.map((p) => ({ t: p.t, text: p.text }));
          } else {
            columns = s.events.map((e, i) => { column.actual[i] = i; return { t: e[0], text: e[8] }; });
          }
          const lanes = [];
          const known = new Map();
          function add(key, group, port) {
            if (!known.has(key)) { known.set(key, lanes.length); lanes.push({ key: key, group: group, port: port }); }
          }
          function keyOf(e) {
            const group = groupOf(e[2]);
            if (group) return group + ' ' + e[3];
            for (const g of ['output', 'state', 'route']) if (known.has(g + ' ' + e[3])) return g + ' ' + e[3];
            return 'output ' + e[3];
          }
          for (const [, events] of sides) for (const e of events) if (groupOf(e[2])) add(keyOf(e), groupOf(e[2]), e[3]);
          for (const [, events] of sides) for (const e of events) add(keyOf(e), keyOf(e).split(' ')[0], e[3]);
          const order = lanes.map((lane, i) => [GROUP_ORDER[lane.group], i, lane]);
          order.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
          const ordered = order.map((o) => o[2]);
          const laneIndex = new Map(ordered.map((lane, i) => [lane.key, i]));
          const marbles = [];
          const bars = [];
          for (const [side, events] of sides) {
            events.forEach((e, i) => {
              const row = c ? c.rows[rowOf[side][i]] : null;
              const change = row ? row[0] : 'same';
              marbles.push({ side: side, index: i, lane: laneIndex.get(keyOf(e)), column: column[side][i], event: e,
                change: change });
              if (e[7] >= 0 && events[e[7]]) {
                bars.push({ side: side, lane: laneIndex.get(keyOf(e)), from: column[side][e[7]], to: column[side][i] });
              }
            });
          }
          // Overlapping calls of one method go on separate tracks of its lane.
          const ends = new Map();
          bars.sort((a, b) => a.from - b.from);
          for (const bar of bars) {
            const key = bar.side + bar.lane;
            const tracks = ends.get(key) || [];
            let track = tracks.findIndex((end) => end < bar.from);
            if (track < 0) { track = tracks.length; tracks.push(bar.to); } else { tracks[track] = bar.to; }
            ends.set(key, tracks);
            bar.track = track;
          }
          const shiftLines = shifts.map((shift) => ({
            lane: laneIndex.get(keyOf(c.golden[shift.golden])), to: laneIndex.get(keyOf(s.events[shift.actual])),
            from: column.golden[shift.golden], at: column.actual[shift.actual] }));
          return { scenario: s, columns: columns, lanes: ordered, marbles: marbles, bars: bars, shifts: shiftLines,
            sides: sides.map((x) => x[0]), divergence: divergenceColumn };
        }

        function positions(scale) {
          const x = [];
          let previous = -Infinity;
          for (const column of state.lanes.columns) {
            const at = Math.max(PAD + column.t * scale, previous + GAP);
            x.push(at);
            previous = at;
          }
          return x;
        }
        function fitScale() {
          const scroller = document.getElementById('lane-scroll');
          const width = (scroller ? scroller.clientWidth : 0) || Math.max(600, (window.innerWidth || 1000) - 300);
          const columns = state.lanes.columns;
          const end = columns.length ? columns[columns.length - 1].t : 0;
          if (end === 0) return 0;
          return Math.max(0, (width - 3 * PAD - columns.length * GAP * 0.6) / end);
        }

        function drawLanes() {
          const L = state.lanes;
          if (state.scale === null) {
            document.getElementById('lanes').innerHTML = '<div class="lane-names"></div>' +
              '<div class="lane-scroll" id="lane-scroll"></div>';
            state.scale = fitScale();
          }
          const x = positions(state.scale);
          const width = (x.length ? x[x.length - 1] : 0) + 3 * PAD + (L.divergence >= 0 ? 110 : 0);
          const rows = [];
          for (const lane of L.lanes) for (const side of L.sides) rows.push({ lane: lane, side: side });
          const height = AXIS + rows.length * ROW;
          const rowIndex = (lane, side) => lane * L.sides.length + L.sides.indexOf(side);
          const centre = (lane, side) => AXIS + rowIndex(lane, side) * ROW + ROW / 2;
          let svg = '<svg class="lanes-svg" id="lanes-svg" width="' + width + '" height="' + height +
            '" xmlns="http://www.w3.org/2000/svg">';
          rows.forEach((row, i) => {
            svg += '<rect class="lane-bg ' + row.side + '" x="0" y="' + (AXIS + i * ROW) + '" width="' + width +
              '" height="' + ROW + '"/><line class="lane-line" x1="0" x2="' + width + '" y1="' + (AXIS + (i + 1) * ROW) +
              '" y2="' + (AXIS + (i + 1) * ROW) + '"/>';
          });
          let lastLabel = -Infinity;
          L.columns.forEach((column, i) => {
            if (i > 0 && L.columns[i - 1].t === column.t) return;
            if (x[i] - lastLabel < 60) return;
            lastLabel = x[i];
            svg += '<line class="tick" x1="' + x[i] + '" x2="' + x[i] + '" y1="' + (AXIS - 6) + '" y2="' + height +
              '"/><text class="axis-label" x="' + (x[i] + 3) + '" y="' + (AXIS - 11) + '">' + esc(column.text) +
              '</text>';
          });
          // A changed time: an arrow from the golden's marble, at the golden's instant, to the run's.
          if (L.shifts.length) {
            svg += '<defs><marker id="shift-arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="7" ' +
              'markerHeight="7" orient="auto"><path class="shift-head" d="M0,0 L8,4 L0,8 z"/></marker></defs>';
          }
          for (const shift of L.shifts) {
            svg += '<line class="shift" marker-end="url(#shift-arrow)" x1="' + x[shift.from] + '" y1="' +
              centre(shift.lane, 'golden') + '" x2="' + x[shift.at] + '" y2="' + centre(shift.to, 'actual') + '"/>';
          }
          for (const bar of L.bars) {
            const y = centre(bar.lane, bar.side) - 4 + Math.min(bar.track, 2) * 5;
            svg += '<rect class="bar ' + bar.side + '" data-lane="' + bar.lane + '" x="' + x[bar.from] + '" y="' + y +
              '" width="' + Math.max(2, x[bar.to] - x[bar.from]) + '" height="8" rx="3"/>';
          }
          if (L.divergence >= 0) {
            const at = x[L.divergence];
            svg += '<line class="divergence-line" id="divergence-marker" x1="' + at + '" x2="' + at + '" y1="2" y2="' +
              height + '"/><text class="divergence-label" x="' + (at + 4) + '" y="' + (MARK - 4) +
              '">first divergence</text>';
          }
          for (const m of L.marbles) {
            const e = m.event;
            const classes = ['marble', e[2], m.side];
            if (e[2] === 'response' && e[5].indexOf('"throw": true') >= 0) classes.push('throws');
            if (m.change === 'changed') classes.push('changed');
            if (m.change === 'removed' || m.change === 'added') classes.push('only');
            svg += '<circle class="' + classes.join(' ') + '" data-side="' + m.side + '" data-index="' + m.index +
              '" data-at="' + e[0] + '" data-lane="' + esc(L.lanes[m.lane].key) + '" cx="' + x[m.column] + '" cy="' +
              centre(m.lane, m.side) + '" r="6"><title>' + esc(e[2] + ' ' + e[4] + ' @ ' + e[8] +
              (e[5] ? '\n' + e[5] : '')) + '</title></circle>';
          }
          svg += '</svg>';
          const names = '<div class="axis">virtual time</div>' + rows.map((row) =>
            '<div title="' + esc(row.lane.key) + '">' + esc(row.lane.group + ' ' + row.lane.port) +
            (L.sides.length > 1 ? '<span class="side">' + (row.side === 'golden' ? 'golden' : 'run') + '</span>' : '') +
            '</div>').join('');
          document.querySelector('#lanes .lane-names').innerHTML = names;
          document.getElementById('lane-scroll').innerHTML = svg;
          if (state.selected) markSelected();
        }

        function zoom(factor) {
          const scroller = document.getElementById('lane-scroll');
          const before = scroller.scrollWidth || 1;
          const middle = (scroller.scrollLeft + scroller.clientWidth / 2) / before;
          if (state.scale === 0) {
            const columns = state.lanes.columns;
            let smallest = Infinity;
            for (let i = 1; i < columns.length; i++) {
              if (columns[i].t > columns[i - 1].t) smallest = Math.min(smallest, columns[i].t - columns[i - 1].t);
            }
            state.scale = smallest === Infinity ? 0 : GAP / smallest;
          }
          state.scale = factor === null ? fitScale() : state.scale * factor;
          drawLanes();
          scroller.scrollLeft = middle * scroller.scrollWidth - scroller.clientWidth / 2;
        }

        function wireLanes() {
          document.getElementById('zoom-in').addEventListener('click', () => zoom(1.6));
          document.getElementById('zoom-out').addEventListener('click', () => zoom(1 / 1.6));
          document.getElementById('zoom-fit').addEventListener('click', () => zoom(null));
          const scroller = document.getElementById('lane-scroll');
          scroller.addEventListener('wheel', (event) => {
            if (!event.ctrlKey && !event.metaKey) return;
            event.preventDefault();
            zoom(event.deltaY < 0 ? 1.25 : 0.8);
          }, { passive: false });
          let drag = null;
          scroller.addEventListener('mousedown', (event) => {
            if (event.target.closest('circle')) return;
            drag = { x: event.clientX, left: scroller.scrollLeft };
            scroller.classList.add('dragging');
          });
          window.addEventListener('mousemove', (event) => {
            if (drag) scroller.scrollLeft = drag.left - (event.clientX - drag.x);
          });
          window.addEventListener('mouseup', () => { drag = null; scroller.classList.remove('dragging'); });
          scroller.addEventListener('click', (event) => {
            const marble = event.target.closest('circle.marble');
            if (marble) select(marble.dataset.side, +marble.dataset.index);
          });
          const table = document.getElementById('event-table');
          if (table) table.addEventListener('click', (event) => {
            const row = event.target.closest('tr');
            if (!row) return;
            if (row.dataset.actual !== undefined) select('actual', +row.dataset.actual);
            else if (row.dataset.golden !== undefined) select('golden', +row.dataset.golden);
          });
        }

        function markSelected() {
          document.querySelectorAll('circle.marble.selected').forEach((m) => m.classList.remove('selected'));
          const marble = document.querySelector('circle.marble[data-side="' + state.selected.side + '"][data-index="' +
            state.selected.index + '"]');
          if (marble) marble.classList.add('selected');
        }

        function select(side, index) {
          state.selected = { side: side, index: index };
          markSelected();
          const s = state.lanes.scenario;
          const c = s.comparison;
          const e = side === 'golden' ? c.golden[index] : s.events[index];
          let html = '<div class="mono"><strong>' + (side === 'golden' ? 'golden' : 'run') + '</strong> ' +
            esc(eventLine(e)) + '</div>';
          if (e[6] >= 0) {
            const step = s.steps.find((t) => t.index === e[6]);
            html += '<div class="muted">caused by step ' + e[6] + (step && step.line ? ' (' + esc(s.path) + ':' +
              step.line + ')' : '') + (step && step.source ? ':' : '') + '</div>' +
              (step && step.source ? '<pre class="step-source">' + esc(step.source) + '</pre>' : '');
          }
          if (c) {
            const row = c.rows.find((r) => (side === 'golden' ? r[1] : r[2]) === index);
            if (row && row[0] === 'changed') {
              html += '<div class="mono">golden: ' + esc(eventLine(c.golden[row[1]])) + '</div>' + valueList(row[3]);
            } else if (row && row[0] !== 'same') {
              html += '<div class="muted">' + (row[0] === 'added' ? 'only in the run' : 'only in the golden') + '</div>';
            }
          }
          document.getElementById('detail').innerHTML = html;
        }

        """#
}
