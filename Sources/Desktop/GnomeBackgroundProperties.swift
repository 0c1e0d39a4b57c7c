import Escaping

/// Writes a `gnome-background-properties` entry, which makes a background appear in
/// GNOME Settings' Appearance panel, where the user can pick it.
public enum GnomeBackgroundProperties {
    /// The entry for one background: `filename` is the slideshow XML (or a picture);
    /// `darkFilename` the one for the dark style, the same when nil. `spanned`: its
    /// pictures lie across every monitor (GNOME's `spanned` option) instead of filling each.
    public static func xml(name: String, filename: String, darkFilename: String? = nil, spanned: Bool = false)
        -> String
    {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE wallpapers SYSTEM "gnome-wp-list.dtd">
        <wallpapers>
          <wallpaper deleted="false">
            <name>\(XMLText.escape(name))</name>
            <filename>\(XMLText.escape(filename))</filename>
            <filename-dark>\(XMLText.escape(darkFilename ?? filename))</filename-dark>
            <options>\(spanned ? "spanned" : "zoom")</options>
            <shade_type>solid</shade_type>
            <pcolor>#000000</pcolor>
            <scolor>#000000</scolor>
          </wallpaper>
        </wallpapers>

        """
    }
}
