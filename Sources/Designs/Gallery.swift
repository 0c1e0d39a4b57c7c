import Almanac
import Foundation

/// A self-contained HTML page that browses a folder of term cards the way the app
/// did: a segmented control for the seasons, prev/next buttons that cycle endlessly
/// within the season, page dots in step, and the arrow keys. No network is needed:
/// the page, its style and its script are one file beside the PNGs.
public enum Gallery {
    /// One card on the page.
    public struct Card: Sendable {
        public let term: SolarTerm
        public let fileName: String

        public init(term: SolarTerm, fileName: String) {
            self.term = term
            self.fileName = fileName
        }
    }

    /// The page for `cards` (grouped by season in the order given).
    public static func html(cards: [Card], language: CardLanguage) -> String {
        let seasons = Season.allCases.filter { season in cards.contains { $0.term.season == season } }
        let english = language == .english
        let tabs = seasons.enumerated().map { index, season in
            let label = english ? season.displayName : "\(season.chineseName) \(season.displayName)"
            return "<button type=\"button\" role=\"tab\" data-season=\"\(index)\">\(escape(label))</button>"
        }.joined(separator: "\n      ")
        return
            template
            .replacingOccurrences(of: "{{lang}}", with: english ? "en" : "zh-Hant")
            .replacingOccurrences(of: "{{title}}", with: escape(english ? "The 24 Solar Terms" : "二十四節氣"))
            .replacingOccurrences(of: "{{tabs}}", with: tabs)
            .replacingOccurrences(
                of: "{{data}}", with: scriptSafeJSON(seasons: seasons, cards: cards, english: english))
    }

    /// Escapes text for HTML element content and attribute values.
    public static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// The cards as JSON inside a <script> element: strings escaped for JSON, and every
    /// `<`, `>` and `&` written as a \u escape so nothing can close the element.
    static func scriptSafeJSON(seasons: [Season], cards: [Card], english: Bool) -> String {
        let groups = seasons.map { season in
            let entries = cards.filter { $0.term.season == season }.map { card in
                "{\"file\":\(jsonString(card.fileName)),\"name\":\(jsonString(card.term.name)),"
                    + "\"english\":\(jsonString(card.term.englishName)),"
                    + "\"alt\":\(jsonString(english ? card.term.englishName : card.term.name))}"
            }
            return "[" + entries.joined(separator: ",") + "]"
        }
        return "[" + groups.joined(separator: ",") + "]"
    }

    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                result += String(format: "\\u%04x", scalar.value)
            case _ where scalar.value < 0x20:
                result += String(format: "\\u%04x", scalar.value)
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    static let template = """
        <!DOCTYPE html>
        <html lang="{{lang}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}}</title>
        <style>
          :root { color-scheme: dark; }
          body { margin: 0; min-height: 100vh; background: #1c1c1e; color: #f2f2f7;
                 font-family: system-ui, sans-serif; display: flex; flex-direction: column;
                 align-items: center; gap: 16px; padding: 16px; box-sizing: border-box; }
          h1 { font-size: 20px; font-weight: 600; margin: 4px 0 0; }
          [role=tablist] { display: inline-flex; background: #2c2c2e; border-radius: 9px; padding: 2px; }
          [role=tab] { border: 0; background: none; color: inherit; font: inherit; padding: 6px 16px;
                       border-radius: 7px; cursor: pointer; }
          [role=tab][aria-selected=true] { background: #636366; }
          .viewer { display: flex; align-items: center; gap: 12px; }
          .viewer img { height: min(72vh, 900px); aspect-ratio: auto; border-radius: 18px;
                        box-shadow: 0 8px 30px rgba(0,0,0,.5); }
          .viewer button { border: 0; background: #2c2c2e; color: inherit; width: 44px; height: 44px;
                           border-radius: 22px; font-size: 24px; cursor: pointer; }
          .dots { display: flex; gap: 10px; }
          .dots span { width: 8px; height: 8px; border-radius: 4px; background: #636366; }
          .dots span.current { background: #f2f2f7; }
          .caption { font-size: 15px; opacity: .8; }
        </style>
        </head>
        <body>
          <h1>{{title}}</h1>
          <div role="tablist" aria-label="Seasons">
              {{tabs}}
          </div>
          <div class="viewer">
            <button type="button" id="previous" aria-label="Previous">&#8249;</button>
            <img id="card" alt="">
            <button type="button" id="next" aria-label="Next">&#8250;</button>
          </div>
          <div class="dots" id="dots" aria-hidden="true"></div>
          <div class="caption" id="caption"></div>
        <script id="cards" type="application/json">{{data}}</script>
        <script>
        "use strict";
        (function () {
          const seasons = JSON.parse(document.getElementById("cards").textContent);
          const image = document.getElementById("card");
          const dots = document.getElementById("dots");
          const caption = document.getElementById("caption");
          const tabs = Array.from(document.querySelectorAll("[role=tab]"));
          let season = 0;
          let index = 0;

          function show() {
            const cards = seasons[season];
            const card = cards[index];
            image.src = card.file;
            image.alt = card.alt;
            caption.textContent = card.name + " \\u00b7 " + card.english;
            document.body.dataset.current = card.file;
            tabs.forEach(function (tab, i) { tab.setAttribute("aria-selected", String(i === season)); });
            dots.replaceChildren.apply(dots, cards.map(function (_, i) {
              const dot = document.createElement("span");
              if (i === index) dot.className = "current";
              return dot;
            }));
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
          document.addEventListener("keydown", function (event) {
            if (event.key === "ArrowLeft") step(-1);
            else if (event.key === "ArrowRight") step(1);
            else if (event.key === "ArrowUp") choose(season - 1);
            else if (event.key === "ArrowDown") choose(season + 1);
          });
          show();
        })();
        </script>
        </body>
        </html>

        """
}
