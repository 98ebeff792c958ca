extension HTMLReportScript {
    /// The Mutation section of the index (a report `rehearsal mutate` wrote): per ViewModel its score and every
    /// mutant with its call site, change and verdict, the scenarios that reached it (links to their pages), and
    /// what killed it or the hint for one that was not killed. Every text comes from Swift.
    static let mutation = #"""
        function mutationSection() {
          const m = data.mutation;
          if (!m) return '';
          const link = (name) => byName.has(name)
            ? '<a href="#s=' + encodeURIComponent(name) + '">' + esc(name) + '</a>' : esc(name);
          const tables = m.viewModels.map((vm) =>
            '<h3 data-view-model="' + esc(vm.viewModel) + '">' + esc(vm.heading) + '</h3>' +
            '<table class="mutants"><thead><tr><th>call site</th><th>operator</th><th>change</th><th>verdict</th>' +
            '<th>reached by</th><th>killed by / hint</th></tr></thead><tbody>' +
            vm.mutants.map((r) =>
              '<tr class="mutant ' + r.verdict + '"><td class="mono">' + esc(r.site) + '</td><td class="mono">' +
              esc(r.operator) + '</td><td>' + esc(r.change) + '</td><td class="verdict">' + esc(r.verdictText) +
              '</td><td>' + r.scenarios.map(link).join(', ') + '</td><td>' +
              (r.kills.length ? r.kills.map((k) => link(k[0]) + ': ' + esc(k[1])).join('; ') : esc(r.hint || '')) +
              '</td></tr>').join('') +
            '</tbody></table>').join('');
          const skipped = m.skipped.length ? '<p class="muted">Skipped (failing as written): ' +
            m.skipped.map((s) => link(s[0]) + ' (' + esc(s[2]) + ')').join(', ') + '</p>' : '';
          const leftOut = m.leftOut ? '<p class="muted">' + m.leftOut + ' mutants left out (--max-mutants)</p>' : '';
          return '<section id="mutation"><h2>Mutation</h2><p id="mutation-summary">' + esc(m.summary) + '</p>' +
            tables + skipped + leftOut + '</section>';
        }

        """#
}
