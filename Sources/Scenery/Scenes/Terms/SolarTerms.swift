import Glibc

/// The 24 solar terms (二十四節氣) in wallgen's order, starting from 立春.
///
/// Each term has its own picture, composed like the season pictures (the
/// subject in the upper middle, near the centre line, the lower part calm
/// because the app darkens it and sets text there) but with its own
/// palette, weather and time of day, so the 24 cards read as one varied set.
enum SolarTerms {
    static let scenes: [Scene] = [
        LichunScene(), YushuiScene(), JingzheScene(), ChunfenScene(), QingmingScene(), GuyuScene(),
        LixiaScene(), XiaomanScene(), MangzhongScene(), XiazhiScene(), XiaoshuScene(), DashuScene(),
        LiqiuScene(), ChushuScene(), BailuScene(), QiufenScene(), HanluScene(), ShuangjiangScene(),
        LidongScene(), XiaoxueScene(), DaxueScene(), DongzhiScene(), XiaohanScene(), DahanScene(),
    ]

    static let all: [Scene] = scenes.enumerated().map { TermScene(number: $0.offset + 1, scene: $0.element) }
}

/// A term picture with its number, which becomes part of the file name
/// (`01-lichun`), while the slug alone (`lichun`) still selects it.
struct TermScene: Scene {
    let number: Int
    let scene: Scene
    var name: String { scene.name }
    var fileName: String { (number < 10 ? "0\(number)-" : "\(number)-") + scene.name }
    var subject: ClosedRange<Float>? { scene.subject }
    func paint(on canvas: Canvas) { scene.paint(on: canvas) }
}
