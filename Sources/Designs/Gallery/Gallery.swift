import Almanac
import Escaping
import FoundationEssentials

/// A self-contained HTML page that browses a folder of term cards the way the app
/// did: a segmented control for the seasons, prev/next buttons that cycle endlessly
/// within the season, the arrow keys, and a swipe on a touch screen; the card's own
/// page dots show its place in the season. The card fits the window, from a phone (the
/// buttons then under it) to a desktop (beside it); it links to its full-size file,
/// and the address's fragment (`index.html#dongzhi`) names the card shown, so a card
/// can be shared as a link. No network is needed: the page, its style and its script
/// are one file beside the PNGs.
public enum Gallery {
    /// One card on the page.
    public struct Card: Sendable {
        public let term: SolarTerm
        public let fileName: String
        /// The date line the card shows; nil for the term's usual dates.
        public let dateText: String?

        public init(term: SolarTerm, fileName: String, dateText: String? = nil) {
            self.term = term
            self.fileName = fileName
            self.dateText = dateText
        }

        /// What the card says, for a reader that cannot see it: name, date, description.
        func alternativeText(english: Bool) -> String {
            english
                ? "\(term.englishName) (\(term.name)), \(dateText ?? term.usualEnglishDateText). \(term.englishDescription)"
                : "\(term.name)，\(dateText ?? term.usualDateText)。\(term.chineseDescription)"
        }
    }

    /// The page for `cards` (grouped by season in the order given).
    public static func html(cards: [Card], language: CardLanguage) -> String {
        let seasons = Season.allCases.filter { season in cards.contains { $0.term.season == season } }
        let english = language == .english
        let tabs = seasons.enumerated().map { index, season in
            let label = english ? season.displayName : "\(season.chineseName) \(season.displayName)"
            return "<button type=\"button\" role=\"tab\" data-season=\"\(index)\">\(HTMLText.escape(label))</button>"
        }.joined(separator: "\n      ")
        // The data goes in last: nothing put in before it holds a placeholder.
        return
            template
            .replacing(
                "{{policy}}", with: ContentSecurityPolicy.metaElement(script: script, style: style)
            )
            .replacing("{{style}}", with: style)
            .replacing("{{script}}", with: script)
            .replacing("{{lang}}", with: english ? "en" : "zh-Hant")
            .replacing("{{title}}", with: HTMLText.escape(english ? "The 24 Solar Terms" : "二十四節氣"))
            .replacing("{{tabs}}", with: tabs)
            .replacing(
                "{{data}}", with: scriptSafeJSON(seasons: seasons, cards: cards, english: english))
    }

    /// The cards as JSON inside a <script> element (`JSONText` in its script form, so
    /// nothing can close the element); each file as the relative link to it.
    static func scriptSafeJSON(seasons: [Season], cards: [Card], english: Bool) -> String {
        func quoted(_ text: String) -> String { JSONText.quoted(text, inScript: true) }
        let groups = seasons.map { season in
            let entries = cards.filter { $0.term.season == season }.map { card in
                "{\"file\":\(quoted(LinkPath.relative(card.fileName))),\"name\":\(quoted(card.term.name)),"
                    + "\"english\":\(quoted(card.term.englishName)),\"slug\":\(quoted(card.term.slug)),"
                    + "\"alt\":\(quoted(card.alternativeText(english: english)))}"
            }
            return "[" + entries.joined(separator: ",") + "]"
        }
        return "[" + groups.joined(separator: ",") + "]"
    }

    static let template = """
        <!DOCTYPE html>
        <html lang="{{lang}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        {{policy}}
        <title>{{title}}</title>
        <style>{{style}}</style>
        </head>
        <body>
          <h1>{{title}}</h1>
          <div role="tablist" aria-label="Seasons">
              {{tabs}}
          </div>
          <div class="viewer">
            <button type="button" id="previous" aria-label="Previous">&#8249;</button>
            <a id="link" href=""><img id="card" alt=""></a>
            <button type="button" id="next" aria-label="Next">&#8250;</button>
            <p class="caption" id="caption"></p>
          </div>
        <script id="cards" type="application/json">{{data}}</script>
        <script>{{script}}</script>
        </body>
        </html>

        """

    /// The page's style: the exact text of its <style> element, which its policy allows
    /// by hash.
    static let style = """

          :root { color-scheme: dark; }
          *, *::before, *::after { box-sizing: border-box; }
          body { margin: 0; min-height: 100vh; background: #1c1c1e; color: #f2f2f7;
                 font-family: system-ui, sans-serif; display: flex; flex-direction: column;
                 align-items: center; gap: 16px; padding: 16px; overflow-wrap: break-word; }
          h1 { font-size: 20px; font-weight: 600; margin: 4px 0 0; text-align: center; }
          /* The seasons on one line: the tabs narrow with the window, and scroll rather
             than wrap when a font is wider still. */
          [role=tablist] { position: relative; display: flex; max-width: 100%; overflow-x: auto; scrollbar-width: thin;
                           background: #2c2c2e; border-radius: 9px; padding: 2px; }
          [role=tab] { flex: none; white-space: nowrap; border: 0; background: none; color: inherit; font: inherit;
                       font-size: clamp(13px, 3.6vw, 16px); padding: 6px clamp(4px, 1.6vw, 14px); border-radius: 7px;
                       cursor: pointer; }
          [role=tab][aria-selected=true] { background: #636366; }
          /* The card as large as the window allows, the buttons at its sides and the
             caption under it; on a narrow window the buttons go under the card, one each
             side of the caption, so that they never cover it. The card carries its own
             page dots (the app's), so the page draws none. */
          .viewer { display: grid; grid-template-columns: 44px auto 44px; align-items: center;
                    justify-items: center; gap: 12px; max-width: 100%; touch-action: pan-y;
                    grid-template-areas: "previous card next" ". caption ."; }
          #previous { grid-area: previous; }
          #next { grid-area: next; }
          .viewer a { grid-area: card; display: block; line-height: 0; }
          .viewer img { display: block; max-width: calc(100vw - 32px - 2 * 56px);
                        max-height: min(72vh, 900px); width: auto; height: auto; border-radius: 18px;
                        box-shadow: 0 8px 30px rgba(0,0,0,.5); }
          .viewer button { border: 0; background: #2c2c2e; color: inherit; width: 44px; height: 44px;
                           border-radius: 22px; font-size: 24px; cursor: pointer; }
          .caption { grid-area: caption; margin: 0; font-size: 15px; opacity: .8; text-align: center; }
          @media (max-width: 600px) {
            .viewer { width: 100%; grid-template-columns: 44px minmax(0, 1fr) 44px;
                      grid-template-areas: "card card card" "previous caption next"; }
            .viewer img { max-width: calc(100vw - 32px); max-height: min(72vh, calc(100vh - 210px)); }
          }

        """

    /// The page's only script: the exact text of its <script> element, allowed by hash.
    static let script = """

        "use strict";
        (function () {
          const seasons = JSON.parse(document.getElementById("cards").textContent);
          const image = document.getElementById("card");
          const link = document.getElementById("link");
          const caption = document.getElementById("caption");
          const tabs = Array.from(document.querySelectorAll("[role=tab]"));
          let season = 0;
          let index = 0;

          function show() {
            const cards = seasons[season];
            const card = cards[index];
            image.src = card.file;
            image.alt = card.alt;
            link.href = card.file;
            history.replaceState(null, "", "#" + card.slug);
            caption.textContent = card.name + " \\u00b7 " + card.english;
            document.body.dataset.current = card.file;
            tabs.forEach(function (tab, i) { tab.setAttribute("aria-selected", String(i === season)); });
            // Where the tab bar scrolls (a narrow window, a wide font), the season shown is
            // in view; the page itself does not move.
            const tab = tabs[season];
            tab.parentElement.scrollLeft = tab.offsetLeft - (tab.parentElement.clientWidth - tab.offsetWidth) / 2;
          }
          function step(by) {
            const count = seasons[season].length;
            index = (index + by + count) % count;
            show();
          }
          function choose(next) {
            season = (next + seasons.length) % seasons.length;
            index = 0;
            show();
          }
          document.getElementById("previous").addEventListener("click", function () { step(-1); });
          document.getElementById("next").addEventListener("click", function () { step(1); });
          tabs.forEach(function (tab, i) { tab.addEventListener("click", function () { choose(i); }); });
          // A swipe across the card, as on the phone: left for the next, right for the previous.
          let touchStart = null;
          const viewer = document.querySelector(".viewer");
          viewer.addEventListener("touchstart", function (event) {
            touchStart = event.changedTouches[0];
          }, { passive: true });
          viewer.addEventListener("touchend", function (event) {
            if (touchStart === null) return;
            const dx = event.changedTouches[0].clientX - touchStart.clientX;
            const dy = event.changedTouches[0].clientY - touchStart.clientY;
            touchStart = null;
            if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy)) step(dx < 0 ? 1 : -1);
          });
          // The address names a card: index.html#dongzhi opens 冬至.
          function open(slug) {
            seasons.forEach(function (cards, s) {
              cards.forEach(function (card, i) {
                if (card.slug === slug) { season = s; index = i; }
              });
            });
          }
          open(decodeURIComponent(location.hash.slice(1)));
          window.addEventListener("hashchange", function () {
            open(decodeURIComponent(location.hash.slice(1)));
            show();
          });
          document.addEventListener("keydown", function (event) {
            if (event.key === "ArrowLeft") step(-1);
            else if (event.key === "ArrowRight") step(1);
            else if (event.key === "ArrowUp") choose(season - 1);
            else if (event.key === "ArrowDown") choose(season + 1);
          });
          show();
        })();

        """
}
