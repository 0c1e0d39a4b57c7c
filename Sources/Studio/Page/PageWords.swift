/// The studio page's words in its two languages, one catalogue: served to the page with
/// its controls (`/api/controls`, as `words`), which keeps no word of its own. A key is
/// a control's label (its id, or the word its declaration names), a group's name, a
/// choice's value, a season, a button's or a message's (`{name}` in a message is filled
/// in by the page).
public enum PageWords {
    /// The page's languages, as its language menu and `navigator.languages` name them.
    public static let languages = ["en", "zh-Hant"]

    /// Each word: its key, then English, then Traditional Chinese.
    public static let entries: [(key: String, english: String, chinese: String)] = [
        ("studio", "studio", "工作室"),
        ("wallpaper", "Wallpaper", "桌布"),
        ("terms", "Terms", "節氣"),
        ("language", "Language", "語言"),
        ("season", "Season", "季節"),
        ("date", "Date", "日期"),
        ("season-rule", "Season rule", "季節規則"),
        ("hemisphere", "Hemisphere", "半球"),
        ("alpha", "Picture opacity", "圖片不透明度"),
        ("label", "Label", "標籤"),
        ("text", "Your text", "自訂文字"),
        ("position", "Label position", "標籤位置"),
        ("vertical", "Vertical", "直書"),
        ("base", "Base colour", "底色"),
        ("text-color", "Text colour", "文字顏色"),
        ("dark", "Dark variant", "深色版"),
        ("device", "Device", "裝置"),
        ("size", "Size", "尺寸"),
        ("background", "Your picture", "自選圖片"),
        ("format", "Format", "格式"),
        ("quality", "Quality", "品質"),
        ("card-lang", "Card language", "卡片語言"),
        ("title", "Title", "標題"),
        ("copy", "Copy", "複製"),
        ("copied", "Copied", "已複製"),
        ("save", "Save", "儲存"),
        ("apply", "Apply", "套用"),
        ("schedule", "Schedule", "排程"),
        ("cancel", "Cancel", "取消"),
        ("go", "Go ahead", "確定"),
        ("today", "today", "今日"),
        ("dropHint", "Drop a picture here", "將圖片拖放到這裡"),
        ("custom", "Custom size…", "自訂尺寸…"),
        ("here", "This screen", "這個螢幕"),
        ("automatic", "automatic", "自動"),
        ("remove", "Remove", "移除"),
        ("over", "More than {max}: drawn as “{shown}”", "超過 {max} 字：畫上的是「{shown}」"),
        ("choosePicture", "Choose a picture…", "選擇圖片…"),
        ("changePicture", "Change…", "更換…"),
        ("notRunning", "Installed, but nothing runs yet", "已安裝，但還沒開始執行"),
        ("stepSize", "size", "字級"),
        ("large", "large", "大"),
        ("medium", "medium", "中"),
        ("small", "small", "小"),
        ("applyTitle", "Set as this desktop's wallpaper?", "設為這台電腦的桌布？"),
        (
            "applyText",
            "The picture is made at this screen's own size (each monitor's) and set as this desktop's wallpaper, as this command does:",
            "以這個螢幕的尺寸（每台顯示器各自的）製作圖片並設為這個桌面的桌布，與這個指令相同："
        ),
        ("scheduleTitle", "Install the solar-term schedule?", "安裝節氣排程？"),
        (
            "scheduleText",
            "The 24 cards are rendered at this screen's own size and a timer is installed that changes the wallpaper as each term begins, as this command does:",
            "將以這個螢幕的尺寸繪製 24 張節氣卡，並安裝在每個節氣開始時更換桌布的計時器，與這個指令相同："
        ),
        ("scheduleDrops", "These choices of the page do not go into a schedule:", "頁面上的這些選擇無法帶入排程："),
        ("working", "Working…", "處理中…"),
        ("done", "Done", "完成"),
        ("failed", "Failed (exit status {status})", "失敗（結束碼 {status}）"),
        ("picture", "Picture", "圖片"),
        ("canvas", "Canvas", "畫布"),
        ("when", "Season and date", "季節與日期"),
        ("words", "Label and text", "標籤與文字"),
        ("sky", "Sky of a place", "某地的天空"),
        ("place", "Place", "地點"),
        ("hour", "Hour", "時刻"),
        ("placeHint", "Taipei, or 25.03,121.56", "Taipei，或 25.03,121.56"),
        ("months", "By month", "按月份"),
        ("astronomical", "Astronomical", "天文"),
        ("solar-terms", "Solar terms", "節氣"),
        ("north", "Northern", "北半球"),
        ("south", "Southern", "南半球"),
        ("top", "Top", "上"),
        ("center", "Centre", "中"),
        ("bottom", "Bottom", "下"),
        ("on", "On", "開"),
        ("off", "Off", "關"),
        ("zh", "中文", "中文"),
        ("en", "English", "English"),
        ("png", "PNG", "PNG"),
        ("jpeg", "JPEG", "JPEG"),
        ("webp", "WebP", "WebP"),
        ("avif", "AVIF", "AVIF"),
        ("spring", "Spring", "春"),
        ("summer", "Summer", "夏"),
        ("autumn", "Autumn", "秋"),
        ("winter", "Winter", "冬"),
        // The wallpaper's label on the Chinese page, when the person wrote none.
        ("label-spring", "Spring", "春天"),
        ("label-summer", "Summer", "夏天"),
        ("label-autumn", "Autumn", "秋天"),
        ("label-winter", "Winter", "冬天"),
        ("previous", "Previous term", "上一個節氣"),
        ("next", "Next term", "下一個節氣"),
        ("saved", "Saved {name}", "已儲存 {name}"),
        ("saveScheme", "Save scheme", "儲存配色"),
        ("light", "Light", "淺色"),
        ("darkScheme", "Dark", "深色"),
    ]

    /// Language, then key, then the word: the shape the page reads.
    public static var catalogue: [String: [String: String]] {
        [
            "en": Dictionary(entries.map { ($0.key, $0.english) }, uniquingKeysWith: { first, _ in first }),
            "zh-Hant": Dictionary(entries.map { ($0.key, $0.chinese) }, uniquingKeysWith: { first, _ in first }),
        ]
    }
}
