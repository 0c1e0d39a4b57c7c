// libwebp, libwebpmux and libwebpdemux, loaded the first time a WebP is read or written
// (CLibraryLoader).
//
// libwebp's headers call some functions through inline wrappers that pass the header's
// ABI version (WebPGetFeatures calls WebPGetFeaturesInternal); those wrappers are
// redefined below as the same calls through the table.
#ifndef WG_WEBP_LIBRARY_H
#define WG_WEBP_LIBRARY_H
#include "CImaging.h"

#include <stddef.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>

#define WG_WEBP_FUNCTIONS(X) \
    X(WebPConfigInitInternal) \
    X(WebPConfigLosslessPreset) \
    X(WebPDecode) \
    X(WebPEncode) \
    X(WebPFree) \
    X(WebPFreeDecBuffer) \
    X(WebPGetFeaturesInternal) \
    X(WebPInitDecoderConfigInternal) \
    X(WebPMemoryWrite) \
    X(WebPMemoryWriterClear) \
    X(WebPMemoryWriterInit) \
    X(WebPPictureFree) \
    X(WebPPictureImportRGBA) \
    X(WebPPictureImportRGBX) \
    X(WebPPictureInitInternal) \
    X(WebPValidateConfig)

#define WG_WEBPMUX_FUNCTIONS(X) \
    X(WebPMuxAssemble) \
    X(WebPMuxDelete) \
    X(WebPMuxSetChunk) \
    X(WebPMuxSetImage) \
    X(WebPNewInternal)

#define WG_WEBPDEMUX_FUNCTIONS(X) \
    X(WebPAnimDecoderDelete) \
    X(WebPAnimDecoderGetInfo) \
    X(WebPAnimDecoderGetNext) \
    X(WebPAnimDecoderNewInternal) \
    X(WebPAnimDecoderOptionsInitInternal) \
    X(WebPDemuxDelete) \
    X(WebPDemuxGetChunk) \
    X(WebPDemuxGetI) \
    X(WebPDemuxInternal) \
    X(WebPDemuxReleaseChunkIterator)

struct wg_webp_functions {
#define WG_WEBP_POINTER(name) __typeof__(name) *name;
    WG_WEBP_FUNCTIONS(WG_WEBP_POINTER)
    WG_WEBPMUX_FUNCTIONS(WG_WEBP_POINTER)
    WG_WEBPDEMUX_FUNCTIONS(WG_WEBP_POINTER)
#undef WG_WEBP_POINTER
};

extern struct wg_webp_functions wg_webp;

// wg_webp_load, which loads the three libraries, is declared in CImaging.h.

#ifndef WG_WEBP_LIBRARY_LOADER
#define WebPConfigInitInternal (wg_webp.WebPConfigInitInternal)
#define WebPConfigLosslessPreset (wg_webp.WebPConfigLosslessPreset)
#define WebPDecode (wg_webp.WebPDecode)
#define WebPEncode (wg_webp.WebPEncode)
#define WebPFree (wg_webp.WebPFree)
#define WebPFreeDecBuffer (wg_webp.WebPFreeDecBuffer)
#define WebPGetFeaturesInternal (wg_webp.WebPGetFeaturesInternal)
#define WebPInitDecoderConfigInternal (wg_webp.WebPInitDecoderConfigInternal)
#define WebPMemoryWrite (wg_webp.WebPMemoryWrite)
#define WebPMemoryWriterClear (wg_webp.WebPMemoryWriterClear)
#define WebPMemoryWriterInit (wg_webp.WebPMemoryWriterInit)
#define WebPPictureFree (wg_webp.WebPPictureFree)
#define WebPPictureImportRGBA (wg_webp.WebPPictureImportRGBA)
#define WebPPictureImportRGBX (wg_webp.WebPPictureImportRGBX)
#define WebPPictureInitInternal (wg_webp.WebPPictureInitInternal)
#define WebPValidateConfig (wg_webp.WebPValidateConfig)
#define WebPMuxAssemble (wg_webp.WebPMuxAssemble)
#define WebPMuxDelete (wg_webp.WebPMuxDelete)
#define WebPMuxSetChunk (wg_webp.WebPMuxSetChunk)
#define WebPMuxSetImage (wg_webp.WebPMuxSetImage)
#define WebPNewInternal (wg_webp.WebPNewInternal)
#define WebPAnimDecoderDelete (wg_webp.WebPAnimDecoderDelete)
#define WebPAnimDecoderGetInfo (wg_webp.WebPAnimDecoderGetInfo)
#define WebPAnimDecoderGetNext (wg_webp.WebPAnimDecoderGetNext)
#define WebPAnimDecoderNewInternal (wg_webp.WebPAnimDecoderNewInternal)
#define WebPAnimDecoderOptionsInitInternal (wg_webp.WebPAnimDecoderOptionsInitInternal)
#define WebPDemuxDelete (wg_webp.WebPDemuxDelete)
#define WebPDemuxGetChunk (wg_webp.WebPDemuxGetChunk)
#define WebPDemuxGetI (wg_webp.WebPDemuxGetI)
#define WebPDemuxInternal (wg_webp.WebPDemuxInternal)
#define WebPDemuxReleaseChunkIterator (wg_webp.WebPDemuxReleaseChunkIterator)

// The headers' inline wrappers, through the table.
#define WebPGetFeatures(data, size, features) WebPGetFeaturesInternal(data, size, features, WEBP_DECODER_ABI_VERSION)
#define WebPInitDecoderConfig(config) WebPInitDecoderConfigInternal(config, WEBP_DECODER_ABI_VERSION)
#define WebPConfigInit(config) WebPConfigInitInternal(config, WEBP_PRESET_DEFAULT, 75.f, WEBP_ENCODER_ABI_VERSION)
#define WebPPictureInit(picture) WebPPictureInitInternal(picture, WEBP_ENCODER_ABI_VERSION)
#define WebPMuxNew() WebPNewInternal(WEBP_MUX_ABI_VERSION)
#define WebPDemux(data) WebPDemuxInternal(data, 0, NULL, WEBP_DEMUX_ABI_VERSION)
#define WebPAnimDecoderOptionsInit(options) WebPAnimDecoderOptionsInitInternal(options, WEBP_DEMUX_ABI_VERSION)
#define WebPAnimDecoderNew(data, options) WebPAnimDecoderNewInternal(data, options, WEBP_DEMUX_ABI_VERSION)
static inline void wg_webp_data_clear(WebPData *data) {
    if (data == NULL) return;
    WebPFree((void *)data->bytes);
    WebPDataInit(data);
}
#define WebPDataClear wg_webp_data_clear
#endif

#endif
