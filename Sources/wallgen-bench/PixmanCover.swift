import CPixman
import Compositor
import Foundation

/// pixman's Lanczos-3 cover scale of `source` into `destination`, set up once and run
/// by `run`; the pixman images are released with the scaler.
final class PixmanCover {
    private let sourceImage: OpaquePointer
    private let destinationImage: OpaquePointer
    private let width: Int32
    private let height: Int32

    init(_ source: Image, into destination: Image) {
        let crop = CoverGeometry.crop(
            sourceWidth: source.width, sourceHeight: source.height, targetWidth: destination.width,
            targetHeight: destination.height)
        let scale = crop.width / Double(destination.width)
        func fixed(_ value: Double) -> pixman_fixed_t { pixman_fixed_t((value * 65536).rounded()) }
        sourceImage = pixmanImage(source)
        destinationImage = pixmanImage(destination)
        (width, height) = (Int32(destination.width), Int32(destination.height))
        // Destination to source: scale, then move to the crop's corner.
        var transform = pixman_transform(
            matrix: (
                (fixed(scale), 0, fixed(crop.x)), (0, fixed(scale), fixed(crop.y)), (0, 0, fixed(1))
            ))
        pixman_image_set_transform(sourceImage, &transform)
        var count: Int32 = 0
        let parameters = pixman_filter_create_separable_convolution(
            &count, fixed(scale), fixed(scale), PIXMAN_KERNEL_LANCZOS3, PIXMAN_KERNEL_LANCZOS3,
            PIXMAN_KERNEL_LANCZOS3, PIXMAN_KERNEL_LANCZOS3, 4, 4)
        pixman_image_set_filter(sourceImage, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, parameters, count)
        free(parameters)
    }

    deinit {
        pixman_image_unref(sourceImage)
        pixman_image_unref(destinationImage)
    }

    func run() {
        pixman_image_composite32(
            PIXMAN_OP_SRC, sourceImage, nil, destinationImage, 0, 0, 0, 0, 0, 0, width, height)
    }
}
