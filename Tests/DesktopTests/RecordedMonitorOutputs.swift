/// What the monitor tools print, recorded in the shape each prints it, for the parsers'
/// tests: two, three and one monitors; rotated, scaled, disabled and disconnected
/// outputs; negative positions where the tool allows them.
enum RecordedMonitorOutputs {
    /// `xrandr --query`: a QHD monitor (primary) and a Full HD one beside it, 180 pixels
    /// lower; one port disconnected and the laptop's panel connected but switched off.
    static let xrandrTwo = """
        Screen 0: minimum 320 x 200, current 4480 x 1440, maximum 16384 x 16384
        eDP-1 connected (normal left inverted right x axis y axis) 344mm x 194mm
           1920x1080     60.02 +  59.93    48.02
           1680x1050     59.88
        DP-1 connected primary 2560x1440+0+0 (normal left inverted right x axis y axis) 597mm x 336mm
           2560x1440     59.95*+  74.97
           1920x1080     60.00    50.00    59.94
           1280x720      60.00    50.00    59.94
        DP-2 disconnected (normal left inverted right x axis y axis)
        HDMI-1 connected 1920x1080+2560+180 (normal left inverted right x axis y axis) 527mm x 296mm
           1920x1080     60.00*+  50.00    59.94
           1920x1080i    60.00    50.00    59.94
           1280x720      60.00    50.00
        """

    /// `xrandr --query`: three monitors, the middle one turned on its side (left), the
    /// right one scaled by `xrandr --scale 1.5x1.5` (a 1920x1080 mode filling 2880x1620).
    static let xrandrThree = """
        Screen 0: minimum 320 x 200, current 5880 x 1920, maximum 16384 x 16384
        DP-1 connected primary 1920x1080+0+420 (normal left inverted right x axis y axis) 527mm x 296mm
           1920x1080     60.00*+  59.94
        DP-2 connected 1080x1920+1920+0 left (normal left inverted right x axis y axis) 527mm x 296mm
           1920x1080     60.00*+  59.94
           1600x900      60.00
        HDMI-1 connected 2880x1620+3000+0 (normal left inverted right x axis y axis) 477mm x 268mm
           1920x1080     60.00*+  50.00
        HDMI-2 disconnected (normal left inverted right x axis y axis)
        """

    /// `swaymsg -t get_outputs --raw`: a 4K laptop panel at 200 %, a QHD monitor turned
    /// 90 degrees to its left (negative x), and a switched-off HDMI output.
    static let sway = """
        [
          {
            "id": 4, "type": "output", "orientation": "none", "percent": 1.0, "urgent": false, "marks": [],
            "layout": "output", "border": "none", "current_border_width": 0,
            "rect": { "x": 0, "y": 0, "width": 1920, "height": 1080 },
            "name": "eDP-1", "active": true, "dpms": true, "power": true, "primary": false,
            "make": "Sharp Corporation", "model": "0x14D0", "serial": "0x00000000",
            "scale": 2.0, "scale_filter": "smart", "transform": "normal", "adaptive_sync_status": "disabled",
            "current_workspace": "1",
            "modes": [ { "width": 3840, "height": 2160, "refresh": 60000 } ],
            "current_mode": { "width": 3840, "height": 2160, "refresh": 60000 },
            "max_render_time": "off", "focused": true, "subpixel_hinting": "unknown"
          },
          {
            "id": 5, "type": "output", "orientation": "none",
            "rect": { "x": -1440, "y": -400, "width": 1440, "height": 2560 },
            "name": "DP-3", "active": true, "dpms": true, "power": true, "primary": false,
            "make": "Dell Inc.", "model": "DELL U2722D", "serial": "ABC123",
            "scale": 1.0, "scale_filter": "nearest", "transform": "90", "adaptive_sync_status": "disabled",
            "current_workspace": "2",
            "modes": [ { "width": 2560, "height": 1440, "refresh": 59951 }, { "width": 1920, "height": 1080, "refresh": 60000 } ],
            "current_mode": { "width": 2560, "height": 1440, "refresh": 59951 },
            "max_render_time": "off", "focused": false, "subpixel_hinting": "rgb"
          },
          {
            "id": 6, "type": "output", "orientation": "none",
            "rect": { "x": 0, "y": 0, "width": 0, "height": 0 },
            "name": "HDMI-A-1", "active": false, "dpms": false, "power": false, "primary": false,
            "make": "Goldstar Company Ltd", "model": "LG HDR 4K", "serial": "0x0000B5C1",
            "scale": -1.0, "transform": "normal",
            "modes": [ { "width": 3840, "height": 2160, "refresh": 60000 } ],
            "focused": false
          }
        ]
        """

    /// `wlr-randr`: a monitor left of the laptop (negative x), the laptop at 150 %, a
    /// monitor turned 270 degrees, and one switched off.
    static let wlrRandr = """
        DP-1 "Dell Inc. DELL P2419H 7ABC123 (DP-1)"
          Make: Dell Inc.
          Model: DELL P2419H
          Serial: 7ABC123
          Physical size: 530x300 mm
          Enabled: yes
          Modes:
            1920x1080 px, 60.000000 Hz (preferred, current)
            1680x1050 px, 59.882999 Hz
            1280x1024 px, 60.020000 Hz
          Position: -1920,0
          Transform: normal
          Scale: 1.000000
          Adaptive Sync: disabled
        eDP-1 "BOE 0x0BCA (eDP-1)"
          Make: BOE
          Model: 0x0BCA
          Serial: (null)
          Physical size: 300x190 mm
          Enabled: yes
          Modes:
            2880x1800 px, 60.001000 Hz (preferred, current)
          Position: 0,0
          Transform: normal
          Scale: 1.500000
          Adaptive Sync: disabled
        HDMI-A-1 "Ancor Communications Inc ASUS VS228 K8LMQS012345 (HDMI-A-1)"
          Make: Ancor Communications Inc
          Model: ASUS VS228
          Serial: K8LMQS012345
          Physical size: 480x270 mm
          Enabled: yes
          Modes:
            1920x1080 px, 60.000000 Hz (preferred, current)
          Position: 1920,-200
          Transform: 270
          Scale: 1.000000
          Adaptive Sync: disabled
        DP-2 "LG Electronics LG ULTRAGEAR 012NTAB12345 (DP-2)"
          Make: LG Electronics
          Model: LG ULTRAGEAR
          Serial: 012NTAB12345
          Physical size: 600x340 mm
          Enabled: no
          Modes:
            2560x1440 px, 143.998001 Hz (preferred)
        """

    /// GNOME's monitors.xml with two configurations: the laptop alone, and the laptop
    /// (200 %, off) with two monitors, one turned left, placed left of and above 0,0.
    static let gnome = """
        <monitors version="2">
          <configuration>
            <logicalmonitor>
              <x>0</x>
              <y>0</y>
              <scale>2</scale>
              <primary>yes</primary>
              <monitor>
                <monitorspec>
                  <connector>eDP-1</connector>
                  <vendor>SHP</vendor>
                  <product>0x14d0</product>
                  <serial>0x00000000</serial>
                </monitorspec>
                <mode>
                  <width>3840</width>
                  <height>2160</height>
                  <rate>60.000</rate>
                </mode>
              </monitor>
            </logicalmonitor>
          </configuration>
          <configuration>
            <logicalmonitor>
              <x>-2560</x>
              <y>0</y>
              <scale>1</scale>
              <primary>yes</primary>
              <monitor>
                <monitorspec>
                  <connector>DP-1</connector>
                  <vendor>GSM</vendor>
                  <product>LG HDR QHD</product>
                  <serial>0x0001e2f4</serial>
                </monitorspec>
                <mode>
                  <width>2560</width>
                  <height>1440</height>
                  <rate>59.951</rate>
                </mode>
              </monitor>
            </logicalmonitor>
            <logicalmonitor>
              <x>0</x>
              <y>-600</y>
              <scale>1</scale>
              <transform>
                <rotation>left</rotation>
                <flipped>no</flipped>
              </transform>
              <monitor>
                <monitorspec>
                  <connector>HDMI-1</connector>
                  <vendor>DEL</vendor>
                  <product>DELL U2415</product>
                  <serial>7MT0167B2YNL</serial>
                </monitorspec>
                <mode>
                  <width>1920</width>
                  <height>1200</height>
                  <rate>59.950</rate>
                </mode>
              </monitor>
            </logicalmonitor>
            <disabled>
              <monitorspec>
                <connector>eDP-1</connector>
                <vendor>SHP</vendor>
                <product>0x14d0</product>
                <serial>0x00000000</serial>
              </monitorspec>
            </disabled>
          </configuration>
        </monitors>
        """
}
